// Issue 24 in real Chromium on the shared e2e backend (demo data): what the drawn SVG says. Ticks
// carry units, size axes are log2, machines are split (a point is one experiment), presets
// draw only their seed's runs after a run of another machine is uploaded, fits take their series' colour.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import {
  assertTrace,
  openPreset,
  pageErrors,
  plotted,
  redrawnBy,
  shots,
  waitForChart,
} from "./helpers.mjs";
import { PRESET_EXPECTATIONS } from "./presets.mjs";
import { sharedBackend, uploadRun } from "./server.mjs";

const backend = sharedBackend();
const url = () => backend.url;
const SEED_004 = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "backend",
  "src",
  "cryptobench_server",
  "demo",
  "seed004-python-ecc-secp256k1.json",
);

/** The tick labels Plotly drew on an axis ("x" or "y"), with their positions along it in pixels. */
function ticks(page, axis) {
  return page.evaluate((a) => {
    const svg = document.querySelector('[data-testid="plot"] svg.main-svg');
    return [...svg.querySelectorAll(`g.${a}tick text`)].map((t) => {
      const box = t.getBoundingClientRect();
      return {
        text: t.textContent,
        at: a === "x" ? box.x + box.width / 2 : box.y + box.height / 2,
      };
    });
  }, axis);
}

/** A run of another machine with seed 004's identities (point-add, point-mul of ECpy), half the seed's times. */
function foreignRun() {
  const seed = JSON.parse(readFileSync(SEED_004, "utf8"));
  const results = seed.results.filter(
    (r) => r.library === "ECpy" && (r.name === "point-add" || r.name === "point-mul"),
  );
  return {
    ...seed,
    run_id: randomUUID(),
    started_at: "2026-11-24T10:00:00Z",
    machine: { name: "e2e-foreign-vm", arch: "x86_64", cpu_model: "e2e", os: "Linux" },
    tags: {},
    results: results.map((r) => ({ ...r, value: r.value / 2 })),
  };
}

test("value ticks carry units, block sizes sit on a log2 axis, the CPU-time caveat and flags are said", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await openPreset(page, url(), "openssl-cryptodev");
  const y = await ticks(page, "y");
  assert.ok(y.length >= 3, `y ticks: ${y.map((t) => t.text).join(" | ")}`);
  for (const t of y)
    assert.match(t.text, /^[\d.,]+ [kMG]?B\/s$/, `a y tick without its unit: "${t.text}"`);
  const x = await ticks(page, "x");
  assert.deepEqual(
    x.map((t) => t.text),
    ["16 B", "64 B", "256 B", "1 KiB", "8 KiB", "16 KiB"],
  );
  const at = Object.fromEntries(x.map((t) => [t.text, t.at]));
  // Log2: 1 KiB -> 8 KiB is 3 doublings, 8 KiB -> 16 KiB one, 16 B -> 64 B two; evenly spaced categories would make each 1.
  const gap = (a, b) => at[b] - at[a];
  assert.ok(
    Math.abs(gap("1 KiB", "8 KiB") / gap("8 KiB", "16 KiB") - 3) < 0.05,
    `1 KiB->8 KiB over 8 KiB->16 KiB: ${gap("1 KiB", "8 KiB") / gap("8 KiB", "16 KiB")}`,
  );
  assert.ok(
    Math.abs(gap("16 B", "64 B") / gap("8 KiB", "16 KiB") - 2) < 0.05,
    `16 B->64 B over 8 KiB->16 KiB: ${gap("16 B", "64 B") / gap("8 KiB", "16 KiB")}`,
  );
  assert.match(await page.getByTestId("preset-caveat").innerText(), /without -elapsed.*CPU time/s);
  assert.match(
    await page.getByTestId("flagged-note").innerText(),
    /^⚠ 6 points include figures the plausibility check flagged, marked ⚠: cpu time \(6 figures\)/,
  );
  const marks = await page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="plot"] g.trace.bars text')].filter(
        (t) => t.textContent === "⚠",
      ).length,
  );
  assert.equal(marks, 6, "a ⚠ over each flagged bar");
  await shots(page, "openssl-preset");
  assert.deepEqual(errors, []);
});

test("a point is one experiment: machines are split, never pooled; the preset keeps to its seed's machine", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await uploadRun(backend, foreignRun());

  await openPreset(page, url(), "ecc-python");
  for (const [name, points] of Object.entries(PRESET_EXPECTATIONS["ecc-python"].traces))
    assertTrace(await plotted(page), name, points);
  assert.equal(await page.getByTestId("pooled-note").count(), 0, "the preset pools nothing");
  const others = page.getByRole("link", { name: /the seed vs runs on other machines/ });
  await others.waitFor();
  await redrawnBy(page, () => others.click());
  assert.deepEqual(new URL(page.url()).searchParams.getAll("series"), ["library", "machine"]);
  // the demo's leak screens of this VM split the series by coordinates and input class as well
  const linked = (await plotted(page)).map((t) => t.name);
  assert.ok(
    linked.some((name) => name.startsWith("ECpy · e2e-foreign-vm")),
    linked.join(" | "),
  );

  // a point is one experiment: series=library alone draws a line per machine (the server splits what
  // varies within a point), never the median of two machines' figures
  await page.goto(
    `${url()}/?f.library=ECpy&f.param.curve=secp256k1&f.source=python-ecc&x=name&series=library&metric=ns_per_op&scale=log`,
  );
  await waitForChart(page);
  assert.equal(await page.getByTestId("pooled-note").count(), 0, "nothing pooled");
  const traces = await plotted(page);
  const names = traces.map((t) => t.name).join(" | ");
  const foreign = traces.find((t) => t.name.startsWith("ECpy · e2e-foreign-vm"));
  const seed = traces.find((t) => t.name.startsWith("ECpy · i5-5300u-win10"));
  assert.ok(foreign && seed, names);
  const at = (trace, name) => trace.y[trace.x.indexOf(name)];
  for (const name of ["point-add", "point-mul"])
    assert.ok(Math.abs((2 * at(foreign, name)) / at(seed, name) - 1) < 1e-9, `${name}: ${names}`);
  await shots(page, "split");
  assert.deepEqual(errors, []);
});

test("each fit is drawn in the colour of its series, R² in the legend; message sizes on a log2 axis", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await openPreset(page, url(), "ecdsa-curves");
  await redrawnBy(page, () => page.getByRole("button", { name: "lines" }).click());
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="plot"] g.legend text.legendtext')].some((t) =>
      t.textContent.includes(" fit (R²"),
    ),
  );
  assert.deepEqual(
    (await ticks(page, "x")).map((t) => t.text),
    ["128 B", "256 B", "1 KiB", "1 MiB"],
  );
  const legend = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="plot"] g.legend g.traces')].map((g) => ({
      name: g.querySelector("text.legendtext").textContent,
      stroke: getComputedStyle(g.querySelector("g.legendlines path")).stroke,
    })),
  );
  const fits = legend.filter((l) => / fit \(R² \d\.\d{4}\)$/.test(l.name));
  assert.ok(fits.length > 0, `no fit in the legend: ${legend.map((l) => l.name).join(" | ")}`);
  for (const fit of fits) {
    const series = legend.find((l) => l.name === fit.name.replace(/ fit \(R² .*\)$/, ""));
    assert.ok(series, `no series for ${fit.name}`);
    assert.equal(
      fit.stroke,
      series.stroke,
      `${fit.name} drawn in ${fit.stroke}, its series in ${series.stroke}`,
    );
  }
  await shots(page, "fits");
  assert.deepEqual(errors, []);
});
