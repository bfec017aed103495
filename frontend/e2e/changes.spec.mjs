// Issue 28, changes grouped into events: seven real `cryptobench run openssl` runs of one machine
// (collectors/tests/fixtures/openssl/masked-features), the last two with AES-NI and the SHA
// extensions masked, uploaded through the API. The Changes page shows the sixth run's changes as
// one event: its summary names both algorithms with their ratio ranges and block counts, "what
// changed" shows the CPUINFO line of the tool build on both sides and not its first line, the
// evidence says "few points", and the event opens to its changes, each named with its block size.
// At 390 and 1400 px the page does not overflow sideways and axe-core finds nothing serious.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { test } from "@playwright/test";
import { pageErrors } from "./helpers.mjs";
import { sharedBackend, uploadRun } from "./server.mjs";

const MASKED = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../collectors/tests/fixtures/openssl/masked-features",
);
const backend = sharedBackend();
const url = () => backend.url;

/** The seven nights as a fresh machine; returns its name and the run ids, oldest first. */
async function uploadNights() {
  const machine = `e2e-masked-${Date.now()}`;
  const runs = [];
  for (let night = 1; night <= 7; night += 1) {
    const doc = JSON.parse(readFileSync(`${MASKED}/night${night}.json`, "utf8"));
    doc.run_id = randomUUID();
    doc.machine.name = machine;
    await uploadRun(backend, doc);
    runs.push(doc.run_id);
  }
  return { machine, runs };
}

test("changes page: one event per run and cause, what changed by line, evidence, its changes by block size", async ({
  page,
}, testInfo) => {
  const errors = pageErrors(page);
  const { machine, runs } = await uploadNights();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${url()}/changes?f.machine=${machine}`);
  const event = page.getByRole("article", { name: `10 regressed at ${machine}` });
  await event.waitFor();
  assert.equal(
    await page.getByRole("article").count(),
    2,
    "the masked run's event and the later 64-byte SHA-256 step",
  );
  assert.equal(await event.getByRole("link").first().getAttribute("href"), `/runs/${runs[5]}`);
  assert.match(
    await event.locator(".event-summary").innerText(),
    /^AES-128-CBC encrypt x0\.2\d-0\.2\d on 6 block sizes; SHA-256 hash x0\.\d\d-0\.\d\d on 4 block sizes$/,
  );
  assert.match(
    await event.getByText(/^Evidence:/).innerText(),
    /^Evidence: few points: z ≥ \d+(\.\d)? against ≤ \d\.\d% noise\.$/,
  );
  const changed = event.getByRole("definition");
  assert.equal(
    await event
      .getByRole("term")
      .allInnerTexts()
      .then((t) => t.join()),
    "tool_build",
  );
  assert.equal(
    await changed.getByLabel("before").innerText(),
    "− CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab",
  );
  assert.match(
    await changed.getByLabel("after").innerText(),
    /^\+ CPUINFO: OPENSSL_ia32cap=0xfdfa3201078bffff:0x405fc6d1bf07ab env:~0x200000200000000:~0x20000000$/,
  );
  assert.match(await changed.innerText(), /4 unchanged lines not shown/);
  assert.doesNotMatch(await event.innerText(), /built on/);

  const table = event.getByRole("table", { name: "changes of this event" });
  assert.equal(await table.isVisible(), false, "the changes wait behind the summary");
  await event.getByText("The 10 changes, series by series").click();
  const series = await table.locator("tbody tr td:first-child").allInnerTexts();
  assert.equal(series.length, 10);
  assert.ok(
    series.includes("AES-128-CBC encrypt, block size 16 B (OpenSSL 3.0.19)"),
    series.join("\n"),
  );
  assert.ok(
    series.includes("SHA-256 hash, block size 16384 B (OpenSSL 3.0.19)"),
    series.join("\n"),
  );
  const verdicts = await table.locator("tbody tr td:nth-child(3)").allInnerTexts();
  assert.deepEqual(new Set(verdicts), new Set(["regressed"]), verdicts.join("\n"));
  const evidence = await table.locator("tbody tr td:nth-child(5)").allInnerTexts();
  assert.ok(
    evidence.every((e) =>
      /^few points \(5 runs before, 2 after\): z \d+(\.\d)? against \d\.\d% run-to-run noise$/.test(
        e,
      ),
    ),
    evidence.join("\n"),
  );
  assert.doesNotMatch(await page.locator("main").innerText(), /confidence|100\.0%/);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1400, height: 900 },
  ]) {
    await page.setViewportSize(size);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, `horizontal overflow at ${size.width} px`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help}`);
    assert.deepEqual(serious, [], `axe at ${size.width} px`);
    const path = testInfo.outputPath(`changes-${size.width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`changes-${size.width}`, { path, contentType: "image/png" });
  }
  assert.deepEqual(errors, []);
});
