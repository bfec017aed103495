// Small helpers shared by the e2e tests: plotted traces read from the Plotly graph div.
import assert from "node:assert/strict";

/** The draws so far of the chart on the page now (0 when none is shown); does not wait for one. */
export function drawCount(page) {
  return page.evaluate(() => Number(document.querySelector('[data-testid="plot"]')?.getAttribute("data-drawn") ?? 0));
}

/** Wait until the chart has been drawn more than `after` times and no request is pending. */
export async function waitForChart(page, after = 0) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="plot"]')?.getAttribute("data-drawn") ?? 0) > n && !document.querySelector(".state.loading"),
    after,
    { timeout: 20_000 },
  );
}

/** The traces as Plotly holds them: name, x (the dimension's value, kept in customdata where x is its position on a log2 axis), y. */
export function plotted(page) {
  return page.evaluate(() =>
    document.querySelector('[data-testid="plot"]').data.map((t) => ({ name: t.name, x: [...(t.customdata ?? t.x)].map(String), y: [...t.y] })),
  );
}

export function layoutOf(page) {
  return page.evaluate(() => {
    const gd = document.querySelector('[data-testid="plot"]');
    return { ytype: gd.layout.yaxis.type, ytitle: gd.layout.yaxis.title.text, xtitle: gd.layout.xaxis.title.text };
  });
}

export function close(actual, expected, what, rel = 1e-9) {
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected), `${what}: plotted ${actual}, expected ${expected}`);
}

/** Assert that trace `name` plots exactly `points` ({x: value}), x order included. */
export function assertTrace(traces, name, points) {
  const trace = traces.find((t) => t.name === name);
  assert.ok(trace, `no trace "${name}" among ${traces.map((t) => t.name).join(" | ")}`);
  assert.deepEqual(trace.x, Object.keys(points), `x of ${name}`);
  Object.values(points).forEach((v, i) => close(trace.y[i], v, `${name} at x=${trace.x[i]}`));
}

/** Run `action` (a click, a navigation) and wait for the chart it draws next, not the one shown before. */
export async function redrawnBy(page, action) {
  const before = await drawCount(page);
  await action();
  await waitForChart(page, before);
}

/** Open the Explorer, wait for its first chart, then click preset `id` and wait for its chart. */
export async function openPreset(page, url, id) {
  await page.goto(`${url}/`);
  await waitForChart(page);
  await redrawnBy(page, () => page.click(`[data-preset="${id}"]`));
}
