// Issue 40, the Constant time page: one leak-test run (two operations, each on a fixed and a random
// input class, 400 samples per class in raw, from a seeded generator) uploaded through the API. The
// page lists both screens with their verdicts beside their speed: the early-exit compare (random
// class 3% slower) "leak detected", the constant-time one "none detected" with the difference that
// would have been missed. The filters and the open screen are in the URL; a screen opens to both
// classes' histograms and t against sample count. At 390 and 1400 px the page does not overflow sideways; axe-core finds
// nothing serious.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { AxeBuilder } from "@axe-core/playwright";
import { test } from "@playwright/test";
import { pageErrors } from "./helpers.mjs";
import { sharedBackend, uploadRun } from "./server.mjs";

const backend = sharedBackend();
const N = 400;

/** Samples around `centre` (±20 ns), from a linear congruential generator seeded with `seed`. */
function samples(seed, centre) {
  let state = seed;
  return Array.from({ length: N }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return centre - 20 + (40 * state) / 2 ** 31;
  });
}

function result(variant, inputClass, raw) {
  const sorted = [...raw].sort((a, b) => a - b);
  return {
    name: `${variant} ${inputClass}`,
    family: "mac",
    algorithm: "compare",
    operation: "verify",
    library: "fixtures",
    library_version: "1.0",
    params: { message_bytes: 32, variant, input_class: inputClass },
    metric: "ns_per_op",
    value: ((sorted[N / 2 - 1] ?? 0) + (sorted[N / 2] ?? 0)) / 2,
    unit: "ns/op",
    samples: N,
    raw,
  };
}

function leakRun(machine) {
  return {
    schema: "cryptobench.run/v1",
    run_id: randomUUID(),
    source: "manual",
    started_at: "2026-11-29T10:00:00Z",
    finished_at: "2026-11-29T10:01:00Z",
    machine: { name: machine, arch: "x86_64", cpu_model: "e2e CPU", cores: 2 },
    tool: { name: "e2e leak screen" },
    tags: { mode: "leak-test" },
    results: [
      result("early-exit", "fixed", samples(1, 1000)),
      result("early-exit", "random", samples(2, 1030)),
      result("constant-time", "fixed", samples(3, 900)),
      result("constant-time", "random", samples(4, 900)),
    ],
  };
}

test("constant time page: verdicts beside speed, a screen's distributions and t by permalink", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const machine = `e2e-leak-${Date.now()}`;
  await uploadRun(backend, leakRun(machine));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${backend.url}/leaks?f.machine=${machine}`);
  const nav = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Constant time" });
  assert.equal(await nav.getAttribute("aria-current"), "page");
  const rows = page.locator("table.leak-screens tbody tr");
  await page.waitForFunction(
    () => document.querySelectorAll("table.leak-screens tbody tr").length === 2,
  );
  assert.deepEqual(
    await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-verdict"))),
    ["none", "leak"],
  );
  const texts = await rows.allInnerTexts();
  assert.match(
    texts[0],
    /variant=constant-time[\s\S]*\d{3}(\.\d)? ns\/op[\s\S]*none detected: a difference below \d\.\d+% would have been missed \(\|t\| = \d\.\d, 800 samples\)/,
  );
  assert.match(
    texts[1],
    /variant=early-exit[\s\S]*1\.0\d\d µs\/op[\s\S]*leak detected \(t = \d+\.\d, 800 samples\)/,
  );

  await rows
    .nth(1)
    .getByRole("link", { name: /^details of/ })
    .click();
  const panel = page.getByRole("region", { name: "leak screen", exact: true });
  await panel.getByTestId("leak-progress").locator(".main-svg").first().waitFor();
  assert.match(await panel.getByTestId("leak-verdict").innerText(), /^leak detected \(t = /);
  assert.match(page.url(), /[?&]screen=[0-9a-f-]{36}%3A0/);
  await page.getByTestId("leak-histograms").locator(".main-svg").first().waitFor();
  const bars = await page.evaluate(() =>
    document.querySelector('[data-testid="leak-histograms"]').data.map((t) => t.name),
  );
  assert.deepEqual(bars, [`fixed (${N})`, `random (${N})`]);

  for (const width of [390, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, `horizontal overflow at ${width} px`);
  }
  // axe once, over the page's own content (CI time: each pass takes seconds on a loaded machine)
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}`);
  assert.deepEqual(serious, [], "axe");
  assert.deepEqual(errors, []);
});
