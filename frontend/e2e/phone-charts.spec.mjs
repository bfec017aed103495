// Every page with a chart, and the Matrix and a run's page, on a phone (390x844): nothing of a chart
// or a table reaches past the window's right edge (the page never scrolls sideways, the legend and
// its labels lie within the window, a table wider than the screen scrolls in its own box), the
// legend lies under the x axis, not over it, and the plotting area itself keeps at least 200 px of
// height (Compare's and the drill-down's too, however few their rows) and 40% of the width. At 1400 px
// the Explorer's legend stays beside the plot.
import assert from "node:assert/strict";
import { test } from "@playwright/test";
import { pageErrors, shots, waitForChart } from "./helpers.mjs";
import { sharedBackend } from "./server.mjs";

const url = () => sharedBackend().url;
const PHONE = { width: 390, height: 844 };

async function seed002Runs() {
  const res = await fetch(`${url()}/api/v1/runs?machine=esp32c6`);
  const [baseline, contender] = (await res.json()).data.map((r) => r.run_id);
  assert.ok(baseline && contender, "the demo data's two ESP32-C6 runs of seed 002");
  return { baseline, contender };
}

/** The pages that draw a chart, by a path the demo data fills, `plot` the chart's data-testid; and two pages of tables. */
async function phonePages() {
  const { baseline, contender } = await seed002Runs();
  return [
    { name: "matrix", path: "/matrix" },
    { name: "run", path: `/runs/${baseline}` },
    { name: "explorer", path: "/", plot: "plot" },
    { name: "explorer-rsa-preset", preset: "rsa-verify", plot: "plot" },
    { name: "history", path: "/history", plot: "plot" },
    { name: "tradeoff", path: "/tradeoff", plot: "plot" },
    {
      name: "compare",
      path: `/compare?baseline=${baseline}&contender=${contender}`,
      plot: "compare-plot",
    },
    // the drill-down of the default chart's first point: its row label wrapped beside the plot
    {
      name: "drilldown",
      path: "/?f.algorithm=AES-128-CBC&f.operation=encrypt&x=param.block_bytes&series=machine&metric=bytes_per_s&chart=lines&point=16&point=beaglebone-black&point=&point=none&point=elapsed",
      plot: "drilldown-plot",
    },
  ];
}

async function open(page, view) {
  if (view.preset) {
    await page.goto(`${url()}/`);
    await waitForChart(page);
    await page.goto(
      `${url()}${await page.locator(`[data-preset="${view.preset}"]`).getAttribute("href")}`,
    );
  } else {
    await page.goto(`${url()}${view.path}`);
  }
  if (view.plot)
    await page.waitForFunction(
      (id) =>
        Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute("data-drawn") ?? 0) >
        0,
      view.plot,
      { timeout: 20_000 },
    );
  else await page.waitForSelector("main table tbody tr", { timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector(".state.loading"), null, {
    timeout: 20_000,
  });
}

/** Where the chart's parts and the page's tables lie, in window pixels. */
function geometry(page, plot) {
  return page.evaluate((id) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
    };
    const tables = [...document.querySelectorAll("main .table-scroll, main .matrix-scroll")].map(
      (el) => ({
        ...box(el),
        scrolls: el.scrollWidth > el.clientWidth ? getComputedStyle(el).overflowX : "fits",
      }),
    );
    const common = { inner: window.innerWidth, page: document.documentElement.scrollWidth, tables };
    const gd = id && document.querySelector(`[data-testid="${id}"]`);
    if (!gd) return common;
    const legend = gd.querySelector("g.legend");
    const xaxis = [...gd.querySelectorAll(".xaxislayer-above text, .g-xtitle text")].map(box);
    return {
      ...common,
      figure: box(gd),
      svg: [...gd.querySelectorAll("svg.main-svg")].map(box),
      area: box(gd.querySelector(".draglayer .nsewdrag")),
      legend: legend && box(legend),
      labels: [...gd.querySelectorAll("g.legend text.legendtext")].map((t) => ({
        text: t.textContent,
        ...box(t),
      })),
      axisBottom: Math.max(...xaxis.map((b) => b.bottom)),
    };
  }, plot);
}

function phoneProblems({ name }, g) {
  const problems = [];
  const out = (what, b) => {
    if (b.left < -0.5 || b.right > g.inner + 0.5)
      problems.push(
        `${name}: ${what} spans ${Math.round(b.left)}..${Math.round(b.right)} px of a ${g.inner} px window`,
      );
  };
  if (g.page > g.inner) problems.push(`${name}: the page is ${g.page} px wide`);
  for (const t of g.tables) {
    out("a table's box", t);
    if (t.scrolls !== "fits" && t.scrolls !== "auto" && t.scrolls !== "scroll")
      problems.push(`${name}: a table wider than its box does not scroll (${t.scrolls})`);
  }
  if (!g.figure) return problems;
  out("the figure", g.figure);
  g.svg.forEach((b) => {
    out("the figure's svg", b);
  });
  if (g.area.height < 200)
    problems.push(`${name}: the plotting area is ${Math.round(g.area.height)} px tall`);
  // long row labels (Compare's, the drill-down's) wrap rather than squeeze the plot (they left it 148 and 67 px)
  if (g.area.right - g.area.left < 0.4 * g.inner)
    problems.push(
      `${name}: the plotting area is ${Math.round(g.area.right - g.area.left)} px wide`,
    );
  if (g.legend) {
    out("the legend", g.legend);
    g.labels.forEach((l) => {
      out(`legend label "${l.text}"`, l);
    });
    if (g.legend.top < g.axisBottom - 0.5)
      problems.push(
        `${name}: the legend (top ${Math.round(g.legend.top)}) lies over the x axis (bottom ${Math.round(g.axisBottom)})`,
      );
  }
  return problems;
}

test("phone: every chart page fits 390 px, its legend under the axis and within the window, a plotting area of 200 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = pageErrors(page);
  const problems = [];
  for (const view of await phonePages()) {
    await page.setViewportSize(PHONE);
    await open(page, view);
    problems.push(...phoneProblems(view, await geometry(page, view.plot)));
    await shots(page, `phone-${view.name}`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
});

test("laptop: at 1400 px the Explorer's legend stays beside the plot, its labels on one line", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page, { path: "/", plot: "plot" });
  const g = await geometry(page, "plot");
  assert.ok(
    g.legend.left >= g.area.right,
    `legend at ${g.legend.left} px, the plotting area ends at ${g.area.right} px`,
  );
  assert.ok(g.legend.right <= g.inner, `legend ends at ${g.legend.right} px`);
  const names = await page.evaluate(() =>
    document.querySelector('[data-testid="plot"]').data.map((t) => t.name),
  );
  assert.ok(
    names.every((n) => !n.includes("<br>")),
    names.join(" | "),
  );
});
