// E2E tests against the real backend with the demo data (see run.mjs). Each: {name, fn(ctx)}.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  assertTrace,
  close,
  layoutOf,
  openPreset,
  plotted,
  redrawnBy,
  waitForChart,
} from "./helpers.mjs";
import { uploadRun } from "./server.mjs";
import { RSA_VERIFY_MS } from "./seeds.mjs";
import { DRILLDOWN_TESTS } from "./drilldown.mjs";
import { HISTORY_TESTS } from "./history.mjs";
import { IMPORT_TESTS } from "./imports.mjs";
import { PRESET_EXPECTATIONS } from "./presets.mjs";
import { VIEW_TESTS } from "./views.mjs";

const HTML_NAME = '<img src=x onerror="window.__xss=1"><b>bold-board</b>';

async function presetTest({ page, url, shot }, id) {
  const expect = PRESET_EXPECTATIONS[id];
  await openPreset(page, url, id);
  const traces = await plotted(page);
  for (const [name, points] of Object.entries(expect.traces)) assertTrace(traces, name, points);
  const layout = await layoutOf(page);
  assert.equal(layout.ytype, expect.ytype);
  assert.equal(layout.ytitle, expect.ytitle);
  await shot(`preset-${id}`);
}

function selectAndRedraw(page, label, value) {
  return redrawnBy(page, () => page.getByLabel(label, { exact: true }).selectOption(value));
}

/**
 * By message size the lines view overlays the cost-model fits, which arrive in their own request,
 * often after the chart's first draw: wait until the plot holds one fit trace per good fit listed.
 */
async function waitForFitOverlay(page) {
  await page.locator('[data-testid="fit-table"] tbody tr').first().waitFor();
  await page.waitForFunction(() => {
    const good = [...document.querySelectorAll('[data-testid="fit-table"] tbody tr')].filter(
      (tr) => tr.lastElementChild.textContent === "yes",
    );
    const fits = document
      .querySelector('[data-testid="plot"]')
      .data.filter((t) => t.name.includes(" fit (R²"));
    return good.length > 0 && fits.length === good.length;
  });
}

function htmlRun() {
  return {
    schema: "cryptobench.run/v1",
    run_id: randomUUID(),
    source: "manual",
    started_at: "2026-11-20T10:00:00Z",
    machine: { name: HTML_NAME, board: "<i>board</i>" },
    tool: { name: "<script>window.__xss=2</script>tool" },
    tags: { note: "<u>tag</u>" },
    results: [
      {
        name: "<b>result</b>",
        algorithm: "SHA-256",
        operation: "hash",
        metric: "ns_per_op",
        value: 1234,
        unit: "ns/op",
      },
    ],
    artifact: { media_type: "text/html", content: "<h1>artifact</h1>" },
  };
}

export const TESTS = [
  {
    name: "preset 002 RSA verify by key size x padding x opt level",
    fn: (c) => presetTest(c, "rsa-verify"),
  },
  { name: "preset 001 secp256r1 vs secp256k1", fn: (c) => presetTest(c, "ecdsa-curves") },
  {
    name: "preset 003 openssl with vs without cryptodev",
    fn: (c) => presetTest(c, "openssl-cryptodev"),
  },
  { name: "preset 004 ECpy vs ECC.py log scale", fn: (c) => presetTest(c, "ecc-python") },
  {
    name: "preset RV32 under QEMU -O2 vs -Os in instructions/op",
    fn: (c) => presetTest(c, "rv32-qemu"),
  },
  {
    name: "change metric and x axis, then back and forward",
    fn: async ({ page, url, shot }) => {
      await openPreset(page, url, "rsa-verify");
      await selectAndRedraw(page, "metric", "ops_per_s");
      assert.match(page.url(), /metric=ops_per_s/);
      assertTrace(await plotted(page), "pkcs1v15 · -O2", {
        2048: 1000 / 54.18,
        4096: 1000 / 207.08,
      });
      await selectAndRedraw(page, "x axis", "tag.opt_level");
      const byOpt = await plotted(page);
      assert.deepEqual(byOpt.find((t) => t.name === "pss · -Os · 2048").x, ["-Os"]); // key size split: one experiment a point
      await shot("changed-x-metric");
      await redrawnBy(page, () => page.goBack());
      assert.deepEqual((await plotted(page)).find((t) => t.name === "pss · -Os").x, [
        "2048",
        "4096",
      ]);
      await redrawnBy(page, () => page.goForward());
      assert.deepEqual((await plotted(page)).find((t) => t.name === "pss · -Os · 2048").x, ["-Os"]);
    },
  },
  {
    name: "a permalink opened in a fresh page gives the same chart",
    fn: async ({ page, browser, url }) => {
      await openPreset(page, url, "ecdsa-curves");
      await selectAndRedraw(page, "aggregation", "max");
      await page.getByRole("button", { name: "lines" }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="plot"]').data[0].type === "scatter",
      );
      await waitForFitOverlay(page);
      const link = page.url();
      const original = await plotted(page);
      const fresh = await browser.newContext();
      const other = await fresh.newPage();
      await other.goto(link);
      await waitForChart(other);
      await waitForFitOverlay(other);
      assert.deepEqual(await plotted(other), original);
      assert.equal(
        await other.evaluate(() => document.querySelector('[data-testid="plot"]').data[0].type),
        "scatter",
      );
      await fresh.close();
    },
  },
  {
    name: "export CSV of the shown data, chart as SVG and PNG",
    fn: async ({ page, url }) => {
      await openPreset(page, url, "rsa-verify");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      const csv = readFileSync(await download.path(), "utf8").split("\r\n");
      assert.equal(
        csv[0],
        "key size (bits),padding,optimization level,time per operation (ms/op),n,min (ms/op),max (ms/op),error (ms/op),error kind,pooled,flagged figures",
      );
      // the data flavour loads in pandas and R as shown: -Os, not '-Os (seed 002's key column)
      assert.equal(download.suggestedFilename(), "cryptobench-chart.csv");
      const row = csv.find((l) => l.startsWith("4096,pss,-Os,"));
      assert.ok(row, `no 4096,pss,-Os row in ${csv.join(" | ")}`);
      close(Number(row.split(",")[3]), RSA_VERIFY_MS["pss · -Os"][4096], "CSV 4096 pss -Os");
      const [sheet] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Spreadsheet CSV" }).click(),
      ]);
      assert.equal(sheet.suggestedFilename(), "cryptobench-chart-for-spreadsheets.csv");
      assert.ok(
        readFileSync(await sheet.path(), "utf8").includes("\r\n4096,pss,'-Os,"),
        "the spreadsheet's -Os cannot run",
      );
      const [svg] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Save SVG" }).click(),
      ]);
      assert.equal(svg.suggestedFilename(), "cryptobench-chart.svg");
      const svgText = readFileSync(await svg.path(), "utf8");
      assert.match(svgText, /^<svg/);
      assert.ok(svgText.includes("pss · -Os"), "the SVG has the legend");
      const [png] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Save PNG" }).click(),
      ]);
      assert.deepEqual(
        [...readFileSync(await png.path()).subarray(0, 4)],
        [0x89, 0x50, 0x4e, 0x47],
      );
    },
  },
  {
    name: "compare two runs: differing fields, speedups and geomean",
    fn: async ({ page, url, shot }) => {
      await page.goto(`${url}/runs?machine=esp32c6`);
      const boxes = page.getByRole("checkbox", { name: /pick run/ });
      await boxes.first().waitFor();
      assert.ok((await boxes.count()) >= 2, "the demo data has two runs of the ESP32-C6 board");
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await shot("runs");
      await page.getByRole("link", { name: "Compare the two picked runs" }).click();
      await page.getByTestId("compare-table").waitFor();
      const first = await page
        .locator('[data-testid="run-differences"] tbody tr')
        .first()
        .innerText();
      assert.match(first, /tag\.opt_level/);
      const baselineOpt = (
        await page
          .locator('[data-testid="run-differences"] tbody tr')
          .first()
          .locator("td")
          .nth(0)
          .innerText()
      ).trim();
      const contenderOpt = baselineOpt === "-O2" ? "-Os" : "-O2";
      const rows = await page.locator('[data-testid="compare-table"] tbody tr').allInnerTexts();
      for (const [series, byBits] of Object.entries(RSA_VERIFY_MS)) {
        const [padding, opt] = series.split(" · ");
        if (opt !== baselineOpt) continue;
        for (const bits of Object.keys(byBits)) {
          // Speedup of the contender, > 1 better: baseline time / contender time.
          const speedup = byBits[bits] / RSA_VERIFY_MS[`${padding} · ${contenderOpt}`][bits];
          const row = rows.find((r) =>
            new RegExp(`^RSA verify · (SHA-256 · )?${bits} bit · ${padding}\t`).test(r),
          );
          assert.ok(row, `no compare row for ${bits} ${padding}`);
          assert.ok(
            row.includes(`${speedup.toFixed(3)}x`),
            `speedup of ${bits} ${padding}: ${row} (expected ${speedup.toFixed(3)}x)`,
          );
          // two builds are variants, not history: no noise measured, so no better/worse verdict
          assert.match(row, /\tinsufficient: 0 of 3 baseline runs$/, row);
        }
      }
      assert.match(await page.getByTestId("geomean").innerText(), /\d\.\d{3}x/);
      await shot("compare");
    },
  },
  {
    name: "text from data containing HTML is shown as text",
    fn: async ({ page, url, token, shot }) => {
      const doc = htmlRun();
      await uploadRun({ url, token }, doc);
      await page.goto(`${url}/runs/${doc.run_id}`);
      await page.getByText(HTML_NAME, { exact: true }).first().waitFor();
      await page.getByText("<b>result</b>", { exact: true }).waitFor();
      await page.getByText("<h1>artifact</h1>").waitFor();
      assert.equal(await page.locator("main b, main img, main h1, main u").count(), 0);
      assert.equal(await page.evaluate(() => window.__xss), undefined);
      await page.goto(`${url}/machines`);
      await page.getByText(HTML_NAME, { exact: true }).waitFor();
      await shot("html-as-text");
    },
  },
  {
    name: "the run page lists the parse warnings with their line numbers",
    fn: async ({ page, url, token, shot }) => {
      const doc = { ...htmlRun(), machine: { name: "e2e-warnings" }, tags: {} };
      doc.warnings = [
        {
          line: 7,
          text: "<b>AES-256-GCM</b> (median of 3): 2705.65 MB/s",
          message: "not understood",
          file: "paste.txt",
        },
      ];
      await uploadRun({ url, token }, doc);
      await page.goto(`${url}/runs/${doc.run_id}`);
      const table = page.getByRole("table", { name: "parse warnings" });
      await table.waitFor();
      assert.deepEqual(await table.locator("tbody td").allInnerTexts(), [
        "7",
        doc.warnings[0].text,
        "not understood",
      ]);
      await page.getByRole("heading", { name: "Parse warnings (1)" }).waitFor();
      await shot("run-warnings");
    },
  },
  {
    name: "error bars are left out, with a note, when error kinds differ",
    fn: async ({ page, url, token }) => {
      const doc = {
        ...htmlRun(),
        machine: { name: "e2e-errors" },
        tool: { name: "e2e" },
        tags: {},
        artifact: null,
      };
      doc.results = [
        {
          name: "a",
          algorithm: "E2E-HASH",
          operation: "hash",
          params: { block_bytes: 16 },
          metric: "ns_per_op",
          value: 100,
          unit: "ns/op",
          error: 5,
          error_kind: "stddev",
        },
        {
          name: "b",
          algorithm: "E2E-HASH",
          operation: "hash",
          params: { block_bytes: 64 },
          metric: "ns_per_op",
          value: 300,
          unit: "ns/op",
          error: 9,
          error_kind: "ci99.9",
        },
      ];
      delete doc.artifact;
      await uploadRun({ url, token }, doc);
      await page.goto(`${url}/?f.algorithm=E2E-HASH&x=param.block_bytes&metric=ns_per_op`);
      await waitForChart(page);
      assert.equal(
        (await page.getByTestId("chart-notes").innerText()).trim(),
        "No error bars: the points report different error kinds (ci99.9, stddev).",
      );
      assert.deepEqual(
        await page.evaluate(
          () => document.querySelector('[data-testid="plot"]').data[0].error_y.visible,
        ),
        false,
      );
      assertTrace(await plotted(page), "all results", { 16: 100, 64: 300 });
    },
  },
  {
    name: "an unreachable API gives a message, not a blank page",
    fn: async ({ page, url, shot }) => {
      await page.route("**/api/v1/**", (route) => route.abort("connectionrefused"));
      await page.goto(`${url}/`);
      await page.getByRole("alert").first().waitFor({ timeout: 20_000 });
      assert.match(await page.getByRole("alert").first().innerText(), /cannot be reached/);
      await shot("api-unreachable");
    },
  },
  {
    name: "dark theme and keyboard navigation",
    fn: async ({ page, url, shot }) => {
      await openPreset(page, url, "ecdsa-curves");
      await page.reload();
      await waitForChart(page);
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        "Skip to content",
      );
      await page.getByRole("button", { name: "Toggle dark mode" }).press("Enter");
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      await page.waitForTimeout(300);
      await shot("dark-ecdsa");
    },
  },
  ...IMPORT_TESTS,
  ...HISTORY_TESTS,
  ...VIEW_TESTS,
  ...DRILLDOWN_TESTS,
];
