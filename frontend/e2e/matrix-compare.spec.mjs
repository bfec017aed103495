// Issue 28's Matrix and Compare in real Chromium on the shared e2e backend (demo data): the Matrix fits
// a laptop screen (values in view without scrolling sideways, what every row shares in one caption)
// and answers seed 004's ECpy vs ECC.py by moving coordinates out of the rows; Compare says a small
// difference of a noisy series is stable (within its noise) and a real step regressed, draws the speedups, and
// shows a differing tool build by the lines that differ.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "@playwright/test";
import { pageErrors, shots } from "./helpers.mjs";
import { sharedBackend, uploadRun } from "./server.mjs";

const backend = sharedBackend();
const url = () => backend.url;

async function waitForMatrix(page) {
  await page.waitForSelector('[data-testid="matrix-table"] tbody tr', { timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector(".state.loading"));
}

test("the matrix shows its value columns at 1400x900 without scrolling sideways", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  // The seeds' own runs: other specs add machines to the shared server, each a column more.
  await page.goto(
    `${url()}/matrix?${["001", "002", "003", "004"].map((s) => `f.tag.seed=${s}`).join("&")}`,
  );
  await waitForMatrix(page);
  const fit = await page.evaluate(() => {
    const box = document.querySelector(".matrix-scroll");
    const heads = [...document.querySelectorAll('[data-testid="matrix-table"] thead th')];
    return {
      scroll: box.scrollWidth - box.clientWidth,
      page: document.documentElement.scrollWidth,
      right: Math.max(...heads.map((h) => h.getBoundingClientRect().right)),
      columns: heads.length - 1,
    };
  });
  assert.ok(fit.columns >= 4, `the demo data has 4 machines: ${fit.columns} columns`);
  assert.equal(fit.scroll, 0, "the matrix box scrolls sideways");
  assert.ok(
    fit.page <= 1400 && fit.right <= 1400,
    `the last value column ends at ${fit.right} px, the page is ${fit.page} px wide`,
  );
  const label = await page.locator('[data-testid="matrix-table"] tbody th').first().innerText();
  assert.ok(
    !label.includes("(none)"),
    `a row label says what its row has, not what it lacks: ${label}`,
  );
  await shots(page, "matrix-default", { fits: true });
  assert.deepEqual(errors, []);
});

test("ECpy vs ECC.py: coordinates moved out of the rows, geomean over the rows both measured", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto(`${url()}/matrix?f.tag.seed=004&column=library&metric=ns_per_op`);
  await waitForMatrix(page);
  assert.match(
    await page.getByTestId("matrix-apart").innerText(),
    /shares no row with the baseline .*: their rows differ in coordinates/,
  );
  assert.match(await page.getByTestId("geomean-row").innerText(), /no shared rows/);
  await page.getByRole("button", { name: "compare across coordinates" }).click();
  await page.waitForURL(/pool=param\.coordinates/);
  await page.locator('[data-testid="geomean-row"]', { hasText: "over 11 rows" }).waitFor();
  assert.equal(await page.getByRole("checkbox", { name: "coordinates" }).isChecked(), false);
  assert.equal(await page.getByTestId("matrix-apart").count(), 0);
  const rows = await page.locator('[data-testid="matrix-table"] tbody tr').count();
  assert.equal(rows, 11, "one row per operation and variant, both libraries in each");
  const empty = await page.locator('[data-testid="matrix-table"] tbody td.empty').count();
  assert.equal(empty, 0, "every row measured by both libraries");
  assert.match(await page.getByTestId("matrix-caption").innerText(), /curve secp256k1/);
  await shots(page, "matrix-ecpy-eccpy", { fits: true });
  assert.deepEqual(errors, []);
});

/** Six openssl runs of one machine: AES-128-CBC moves 6% from run to run, the fifth is 1.034x slower
 * than the fourth, the sixth has AES-NI masked (x0.21, another CPUINFO line in its build). */
async function uploadOpensslRuns() {
  const machine = `e2e-compare-${randomUUID().slice(0, 8)}`;
  const build = (cap) => `compiler: gcc -O3\nCPUINFO: OPENSSL_ia32cap=${cap}\nseeding: os`;
  const levels = [1.0, 1.06, 1.0, 1.06, 1.06 / 1.034, 0.21];
  const ids = [];
  for (const [i, level] of levels.entries()) {
    const doc = {
      schema: "cryptobench.run/v1",
      run_id: randomUUID(),
      source: "openssl-speed",
      started_at: `2026-11-2${i + 1}T10:00:00Z`,
      machine: { name: machine, arch: "x86_64", cores: 8 },
      tool: {
        name: "openssl",
        version: "3.0.13",
        build: build(i === 5 ? "0x7ffaf3bfffebffff:0x0" : "0x7ffaf3ffffebffff:0x27ab"),
      },
      tags: {},
      results: [16384, 8192, 1024, 256, 64, 16].map((block) => ({
        name: "aes-128-cbc",
        family: "cipher",
        algorithm: "AES-128-CBC",
        operation: "encrypt",
        library: "OpenSSL",
        library_version: "3.0.13",
        params: { block_bytes: block },
        metric: "bytes_per_s",
        value: 1e9 * level * (1 + block / 65536),
        unit: "B/s",
      })),
    };
    await uploadRun(backend, doc);
    ids.push(doc.run_id);
  }
  return ids;
}

async function openCompare(page, baseline, contender) {
  await page.goto(
    `${url()}/compare?baseline=${baseline}&contender=${contender}&metric=bytes_per_s`,
  );
  await page.getByTestId("compare-table").waitFor();
  await page.waitForSelector('[data-testid="compare-plot"] .point');
}

test("compare: natural order, stable vs regressed, the speedup chart, the build's differing line", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const runs = await uploadOpensslRuns();
  await openCompare(page, runs[3], runs[4]);
  const rows = await page.locator('[data-testid="compare-table"] tbody tr').allInnerTexts();
  assert.deepEqual(
    rows.map((r) => r.split("\t")[0]),
    ["16 B", "64 B", "256 B", "1 KiB", "8 KiB", "16 KiB"].map((b) => `AES-128-CBC encrypt · ${b}`),
  );
  for (const row of rows) {
    assert.ok(row.includes("0.967x"), `speedup 1 / 1.034 (> 1 better): ${row}`);
    assert.ok(row.endsWith("stable"), `a 1.034x step of a series moving 6% is noise: ${row}`);
  }
  assert.match(
    await page.getByTestId("geomean").innerText(),
    /0\.967x as good as the baseline .*within noise/,
  );
  const plotted = await page.evaluate(() =>
    document
      .querySelector('[data-testid="compare-plot"]')
      .data.map((t) => ({ name: t.name, x: [...t.x] })),
  );
  assert.deepEqual(
    plotted.map((t) => t.name),
    ["stable"],
  );
  assert.equal(plotted[0].x.length, 6);
  assert.equal(await page.locator('[data-testid="compare-plot"] .point').count(), 6);
  assert.match(await page.locator("details summary").innerText(), /fields the same on both runs/);
  await shots(page, "compare-noise", { fits: true });

  await openCompare(page, runs[4], runs[5]);
  for (const row of await page.locator('[data-testid="compare-table"] tbody tr').allInnerTexts())
    assert.ok(row.endsWith("regressed"), row);
  const diff = await page.getByTestId("line-diff").innerText();
  assert.match(
    diff,
    /− CPUINFO: OPENSSL_ia32cap=0x7ffaf3ffffebffff:0x27ab\n\+ CPUINFO: OPENSSL_ia32cap=0x7ffaf3bfffebffff:0x0\n2 lines the same on both/,
  );
  assert.ok(!diff.includes("compiler"), "the lines both builds share are left out");
  await shots(page, "compare-step", { fits: true });
  assert.deepEqual(errors, []);
});
