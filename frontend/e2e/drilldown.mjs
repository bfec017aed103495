// E2E check of "what is behind this point": real JMH output imported under a fresh tag, a click on
// a bar (or its table row's button) opens the list and the distribution, the permalink reopens it,
// the CSV lists the results.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { close, waitForChart } from "./helpers.mjs";

const JMH = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "collectors",
  "tests",
  "fixtures",
  "jmh",
);
const ALL_MODES = "cryptobench_1.37_all_modes_gc.json";
const TWO_FORKS = "mariofusco_jmh-playground_1.37_avgt_nan.json";
const MARIO = "org.jmhplayground.infra.BranchPrediction.immutableSet";
/** rawData of the two-fork file (ns/op), fork after fork. */
const MARIO_RAW = [
  26.67990477107118, 26.813523859241688, 26.659057254870827, 26.722048279016736, 27.51711270805394,
  26.421016128570237, 32.963535678068794, 28.079673213968487, 26.65039594700254, 26.677383620094446,
];

async function importJmh(url, token, file, tag) {
  const res = await fetch(
    `${url}/api/v1/imports?format=jmh&machine_name=e2e-drill&tag=e2e%3D${tag}`,
    {
      method: "POST",
      headers: { "Content-Type": "text/plain", Authorization: `Bearer ${token}` },
      body: readFileSync(join(JMH, file), "utf-8"),
    },
  );
  assert.equal(res.status, 201, await res.text());
}

/** Click the bar of category `x` (moving first: Plotly takes the click from its hover). */
async function clickBar(page, x) {
  const index = await page.evaluate(
    (name) =>
      [...document.querySelector('[data-testid="plot"]').data[0].x].map(String).indexOf(name),
    x,
  );
  assert.ok(index >= 0, `no bar ${x}`);
  await page.locator('[data-testid="plot"]').scrollIntoViewIfNeeded();
  const box = await page.locator('[data-testid="plot"] g.point path').nth(index).boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + Math.min(10, box.height / 2)]; // a log axis draws bars far below the plot
  await page.mouse.move(cx, cy);
  await page.mouse.click(cx, cy);
}

async function waitForDrilldown(page, results) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-testid="drilldown-results"] tbody tr').length === n &&
      document.querySelector('[data-testid="drilldown-plot"]')?.data,
    results,
    { timeout: 20_000 },
  );
}

/** What the drill-down shows: summary, result rows (cells), and the plotted traces. */
function shown(page) {
  return page.evaluate(() => ({
    summary: document.querySelector('[data-testid="drilldown-summary"]').textContent,
    results: [...document.querySelectorAll('[data-testid="drilldown-results"] tbody tr')].map(
      (tr) => [...tr.children].map((td) => td.textContent),
    ),
    runLinks: [...document.querySelectorAll('[data-testid="drilldown-runs"] a')].map((a) =>
      a.getAttribute("href"),
    ),
    traces: document.querySelector('[data-testid="drilldown-plot"]').data.map((t) => ({
      type: t.type,
      mode: t.mode,
      name: t.name,
      x: [...t.x],
      text: t.text ? [...t.text] : null,
    })),
    xtitle: document.querySelector('[data-testid="drilldown-plot"]').layout.xaxis.title.text,
  }));
}

export const DRILLDOWN_TESTS = [
  {
    name: "drill-down: click a bar, its runs, results and distribution; permalink; CSV; light and dark",
    fn: async ({ page, browser, url, token, shot }) => {
      assert.ok(token, "an upload token (CRYPTOBENCH_E2E_TOKEN) is needed");
      const tag = `drill-${Date.now()}`;
      await importJmh(url, token, ALL_MODES, tag);
      await importJmh(url, token, TWO_FORKS, tag);
      await page.goto(`${url}/?f.tag.e2e=${tag}&metric=ns_per_op&unit=us%2Fop`);
      await waitForChart(page);

      await clickBar(page, "SHA-256");
      await page.waitForURL(/point=SHA-256/);
      await waitForDrilldown(page, 4);
      const sha = await shown(page);
      assert.match(sha.summary, /^4 results from 1 run: median \(plotted\) [\d.,]+ · mean/);
      assert.equal(sha.xtitle, "time per operation"); // its ticks read in ns/op and µs/op: no one unit to name
      assert.deepEqual(
        sha.results.map((r) => r[4]),
        ["830 kops/s", "1.11 µs/op", "8.06 µs/op ± 5.35 µs/op (ci99.9)", "632 µs/op"],
      );
      close(
        Number(
          await page
            .locator('[data-testid="drilldown-results"] tbody tr')
            .first()
            .locator("td.num")
            .nth(1)
            .getAttribute("data-value"),
        ),
        1e6 / 830299.517575681,
        "thrpt in us/op",
      );
      assert.equal(
        sha.results[0][7],
        "2 samples in 1 fork; stats min, p0.0001, p0.001, p0.01, p0.1, p1, p5, p10, median, max; converted from ops/s by 1/x (so min and max, pN and p(100-N) trade places)",
      );
      assert.match(
        sha.results[2][7],
        /^stats min, median, p90, p95, p99, p99\.9, p99\.99, p99\.999, p99\.9999, max$/,
      );
      assert.equal(sha.runLinks.length, 1);
      assert.match(sha.runLinks[0], /^\/runs\/[0-9a-f-]{36}$/);
      const sampleMarks = sha.traces.filter(
        (t) => t.name.startsWith("#3 ") && t.mode === "lines+markers",
      );
      assert.equal(sampleMarks.length, 1);
      close(sampleMarks[0].x.at(-1), 35979.264, "sample mode max in us/op");
      assert.ok(
        sampleMarks[0].text.some((t) => t.startsWith("p99.99: ")),
        sampleMarks[0].text.join(" | "),
      );
      await shot("drilldown-light");

      const fresh = await browser.newPage();
      await fresh.goto(page.url());
      await waitForDrilldown(fresh, 4);
      const again = await shown(fresh);
      assert.deepEqual(again.results, sha.results);
      assert.equal(again.summary, sha.summary);
      await fresh.close();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV of these results" }).click(),
      ]);
      const csv = readFileSync(await download.path(), "utf8")
        .trimEnd()
        .split("\r\n");
      assert.equal(csv.length, 5);
      assert.ok(
        csv[0].startsWith(
          "#,run_id,started_at,machine,source,tags,name,algorithm,operation,library,library_version,params,value,unit,time per operation (µs/op),",
        ),
      );
      const first = csv[1].split(",");
      assert.deepEqual(first.slice(3, 6), ["e2e-drill", "jmh", `e2e=${tag}`]);
      close(Number(first[14]), 1e6 / 830299.517575681, "CSV thrpt us/op");

      const [svg] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Save distribution SVG" }).click(),
      ]);
      assert.match(
        readFileSync(await svg.path(), "utf8"),
        /^<svg[\s\S]*time per operation<\/text>/,
      );

      await clickBar(page, MARIO);
      await page.waitForURL(/point=org\.jmhplayground/);
      await waitForDrilldown(page, 1);
      const mario = await shown(page);
      assert.equal(
        mario.results[0][7],
        "10 samples in 2 forks; stats min, median, p90, p95, p99, p99.9, p99.99, p99.999, p99.9999, max",
      );
      const box = mario.traces.find((t) => t.type === "box");
      assert.ok(box, "a box of the 10 samples");
      MARIO_RAW.forEach((ns, i) => {
        close(box.x[i], ns / 1000, `sample ${i}`);
      });
      await page.getByRole("button", { name: "Toggle dark mode" }).click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      await shot("drilldown-dark");

      await page.getByRole("button", { name: "Close" }).click();
      await page.waitForFunction(() => !new URL(location.href).searchParams.has("point"));
      assert.equal(await page.locator('[data-testid="drilldown-plot"]').count(), 0);

      // Without a mouse: the row of the chart's table opens the same point.
      await page.getByRole("button", { name: "what is behind SHA-256" }).click();
      await page.waitForURL(/point=SHA-256/);
      await waitForDrilldown(page, 4);
      assert.deepEqual((await shown(page)).results, sha.results);
    },
  },
];
