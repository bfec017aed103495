// E2E checks of the comparison views (matrix, relative-to, fits, size vs speed); app.spec.mjs runs them with the others.
import assert from "node:assert/strict";
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
import { RSA_VERIFY_MS } from "./seeds.mjs";

const MATRIX_URL =
  "/matrix?f.algorithm=RSA&f.tag.seed=002&column=tag.opt_level&metric=ns_per_op&unit=ms%2Fop";

async function waitForMatrix(page) {
  await page.waitForSelector('[data-testid="matrix-table"] tbody tr', { timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector(".state.loading"));
}

/** The shown table: per body row the parts of its label and data-value of each matrix cell; the geomean row's texts. */
function matrixCells(page) {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="matrix-table"]');
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) => {
      const cells = [...tr.children];
      return {
        labels: tr.querySelector("th").textContent.split(" · "),
        values: cells
          .filter((c) => c.classList.contains("num"))
          .map((c) => (c.dataset.value ? Number(c.dataset.value) : null)),
      };
    });
    const geomean = [...table.querySelectorAll('[data-testid="geomean-row"] td')].map(
      (c) => c.textContent,
    );
    return { rows, geomean };
  });
}

const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

export const VIEW_TESTS = [
  {
    name: "matrix: seed 002 opt levels, speedups, geomean, sort, permalink, CSV, light and dark",
    fn: async ({ page, browser, url, shot }) => {
      await page.goto(`${url}${MATRIX_URL}`);
      await waitForMatrix(page);
      const shown = await matrixCells(page);
      const expected = Object.entries(RSA_VERIFY_MS)
        .filter(([name]) => name.endsWith("-O2"))
        .flatMap(([name, byBits]) =>
          Object.entries(byBits).map(([bits, ms]) => ({
            padding: name.split(" · ")[0],
            bits,
            o2: ms,
            os: RSA_VERIFY_MS[name.replace("-O2", "-Os")][bits],
          })),
        );
      assert.equal(shown.rows.length, expected.length);
      for (const e of expected) {
        const row = shown.rows.find(
          (r) => r.labels.includes(`${e.bits} bit`) && r.labels.includes(e.padding),
        );
        assert.ok(row, `no row ${e.bits} ${e.padding}`);
        close(row.values[0], e.o2 * 1e6, `${e.bits} ${e.padding} -O2`);
        close(row.values[1], e.os * 1e6, `${e.bits} ${e.padding} -Os`);
      }
      const speedups = expected.map((e) => e.o2 / e.os);
      assert.deepEqual(shown.geomean, [
        "baseline",
        `${geomean(speedups).toFixed(2)}×over ${expected.length} rows`,
      ]);
      assert.match(
        await page.getByTestId("matrix-caption").innerText(),
        /^All rows: algorithm RSA · operation verify/,
      );
      await shot("matrix-light");

      await page.getByRole("button", { name: "×" }).nth(1).click();
      await page.waitForURL(/sort=s%3A-Os/);
      // The URL changes before the transition that re-renders the table commits.
      await page
        .locator('[data-testid="matrix-table"] button.sort[aria-pressed="true"]', { hasText: "×" })
        .waitFor();
      const sorted = await matrixCells(page);
      const worst = expected.reduce((a, b) => (a.o2 / a.os < b.o2 / b.os ? a : b));
      assert.ok(
        sorted.rows[0].labels.includes(`${worst.bits} bit`) &&
          sorted.rows[0].labels.includes(worst.padding),
      );

      const fresh = await browser.newPage();
      await fresh.goto(page.url());
      await waitForMatrix(fresh);
      assert.deepEqual(await matrixCells(fresh), sorted);
      await fresh.close();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      assert.equal(download.suggestedFilename(), "cryptobench-matrix.csv");
      const csv = readFileSync(await download.path(), "utf8")
        .trimEnd()
        .split("\r\n");
      // the data flavour: -O2 as it is (pandas, R); the spreadsheet's makes it inert
      assert.equal(
        csv[0],
        "hash,key size (bits),padding,-O2 (ms/op),-O2 speedup,-Os (ms/op),-Os speedup",
      );
      const [sheet] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Spreadsheet CSV" }).click(),
      ]);
      assert.equal(sheet.suggestedFilename(), "cryptobench-matrix-for-spreadsheets.csv");
      assert.equal(
        readFileSync(await sheet.path(), "utf8").split("\r\n")[0],
        "hash,key size (bits),padding,'-O2 (ms/op),'-O2 speedup,'-Os (ms/op),'-Os speedup",
      );
      assert.equal(csv.length, expected.length + 2);
      const first = csv[1].split(",");
      assert.deepEqual(first.slice(1, 3), [worst.bits, worst.padding]);
      close(Number(first[5]), worst.os, "CSV -Os ms");
      assert.ok(csv.at(-1).startsWith("geometric mean speedup,"));

      await page.getByRole("button", { name: "Toggle dark mode" }).click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      await shot("matrix-dark");
    },
  },
  {
    name: "relative to: seed 002 against pkcs1v15 -O2, axis states direction, geomean, permalink",
    fn: async ({ page, browser, url, shot }) => {
      await openPreset(page, url, "rsa-verify");
      await redrawnBy(page, () =>
        page
          .getByLabel("relative to", { exact: true })
          .selectOption({ label: "series pkcs1v15 · -O2" }),
      );
      assert.match(page.url(), /vs=pkcs1v15&vs=-O2/);
      const base = RSA_VERIFY_MS["pkcs1v15 · -O2"];
      const speedups = (name) =>
        Object.fromEntries(
          Object.entries(RSA_VERIFY_MS[name]).map(([bits, ms]) => [bits, base[bits] / ms]),
        );
      const traces = await plotted(page);
      for (const name of Object.keys(RSA_VERIFY_MS)) assertTrace(traces, name, speedups(name));
      const layout = await layoutOf(page);
      assert.equal(
        layout.ytitle,
        "speedup over pkcs1v15 · -O2 (> 1 = better)<br>from time per operation, where lower is better",
      );
      const others = Object.keys(RSA_VERIFY_MS)
        .filter((n) => n !== "pkcs1v15 · -O2")
        .flatMap((n) => Object.values(speedups(n)));
      const notes = await page.getByTestId("chart-notes").textContent();
      assert.ok(notes.includes(`Geometric mean speedup ${geomean(others).toFixed(3)}×`), notes);
      await shot("relative-series");

      const fresh = await browser.newPage();
      await fresh.goto(page.url());
      await waitForChart(fresh);
      assert.deepEqual(await plotted(fresh), traces);
      await fresh.close();
    },
  },
  {
    name: "size-curve cost model: seed 003 without cryptodev fits, CPU-time devcrypto does not",
    fn: async ({ page, shot, url }) => {
      await openPreset(page, url, "openssl-cryptodev");
      await page.waitForSelector('[data-testid="fit-table"] tbody tr');
      await redrawnBy(page, () => page.getByRole("button", { name: "lines" }).click());
      const names = (await plotted(page)).map((t) => t.name);
      assert.ok(
        names.some((n) => /^none fit \(R² 1\.0000\)$/.test(n)),
        names.join(" | "),
      );
      assert.ok(!names.some((n) => n.startsWith("devcrypto fit")), names.join(" | "));
      const rows = await page.$$eval('[data-testid="fit-table"] tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((c) => c.textContent)),
      );
      assert.deepEqual(
        rows.find((r) => r[0] === "none"),
        ["none", "176 ns", "45.9 MB/s", "8.06 B", "1.0000", "yes"],
      );
      assert.equal(rows.find((r) => r[0] === "devcrypto")?.[5], "no");
      await shot("fit-cryptodev");
    },
  },
  {
    name: "size vs speed: verify time against signature size, a point per build and machine with its own front, permalink, CSV, light and dark",
    fn: async ({ page, browser, url, shot }) => {
      const path = "/tradeoff?f.operation=verify&metric=ns_per_op&size=signature_bytes";
      await page.goto(`${url}${path}`);
      await page.waitForSelector('[data-testid="tradeoff-table"] tbody tr', { timeout: 20_000 });
      const rows = await page.$$eval('[data-testid="tradeoff-table"] tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((c) => c.textContent)),
      );
      const sizes = new Set(rows.map((r) => r[2]));
      assert.ok(sizes.has("72") && sizes.has("256") && sizes.has("512"), [...sizes].join(","));
      // a point is one experiment: the demo's Mbed TLS RSA verifies of the -O2 and -Os builds are a
      // point each (their build in their name), each machine and build its own front, nothing pooled
      const rsa = rows.filter((r) => r[1].startsWith("RSA") && r[1].includes("Mbed TLS"));
      assert.ok(rsa.length > 0 && rsa.every((r) => / · -O[2s]\b/.test(r[1])), JSON.stringify(rsa));
      assert.ok(
        rows.every((r) => r[5] === "" || r[5].startsWith("⚠")),
        JSON.stringify(rows),
      );
      assert.equal(await page.getByTestId("pooled-note").count(), 0);
      const fronts = new Map();
      for (const r of rows.filter((row) => row[4] === "yes"))
        fronts.set(r[1].split(" · ").slice(1).join(" · "), r);
      // on the board, each build's front is its smallest signature: RSA-2048's 256 bytes
      for (const opt of ["-O2", "-Os"])
        assert.equal(
          [...fronts.entries()].find(([k]) => k.includes(opt))?.[1][2],
          "256",
          JSON.stringify([...fronts]),
        );
      await shot("tradeoff-light");

      const fresh = await browser.newPage();
      await fresh.goto(page.url());
      await fresh.waitForSelector('[data-testid="tradeoff-table"] tbody tr', { timeout: 20_000 });
      assert.deepEqual(
        await fresh.$$eval('[data-testid="tradeoff-table"] tbody tr', (trs) =>
          trs.map((tr) => [...tr.children].map((c) => c.textContent)),
        ),
        rows,
      );
      await fresh.close();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      const csv = readFileSync(await download.path(), "utf8")
        .trimEnd()
        .split("\r\n");
      assert.equal(
        csv[0],
        "operation,point,signature size (bytes),time per operation (ns/op),n,pareto front,pooled,flagged figures",
      );
      assert.equal(csv.length, rows.length + 1);
      await page.getByRole("button", { name: "Toggle dark mode" }).click();
      await shot("tradeoff-dark");
    },
  },
];
