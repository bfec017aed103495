// Small helpers shared by the e2e tests: page errors, screenshots, plotted traces read from the Plotly graph div.
import assert from "node:assert/strict";
import { test } from "@playwright/test";

/** Pages with a Content-Security-Policy of their own (apidocs.py), which blocks ReDoc's CDN logo on purpose. */
const OWN_POLICY = ["/docs", "/redoc"];

/** Uncaught page errors and violations of the UI's Content-Security-Policy (headers.py) so far; a
 * test ends by asserting there were none. */
export function pageErrors(page) {
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error" || !message.text().includes("Content Security Policy")) return;
    if (!OWN_POLICY.includes(new URL(page.url()).pathname)) errors.push(message.text());
  });
  return errors;
}

/** Full-page screenshots at a phone's and a laptop's size, attached to the test; with `fits`, the page
 * must not scroll sideways at either. The window is 1280x900 again afterwards, its chart redrawn. */
export async function shots(page, name, { fits = false } = {}) {
  for (const [width, height] of [
    [390, 844],
    [1400, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path, contentType: "image/png" });
    if (fits) {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= width, `${name} at ${width} px is ${wide} px wide`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // a chart crossing the phone width is drawn again (PlotlyFigure): let it, before the test goes on
  await page.waitForTimeout(300);
}

/** The draws so far of the chart on the page now (0 when none is shown); does not wait for one. */
export function drawCount(page) {
  return page.evaluate(() =>
    Number(document.querySelector('[data-testid="plot"]')?.getAttribute("data-drawn") ?? 0),
  );
}

/** Wait until the chart has been drawn more than `after` times and no request is pending. */
export async function waitForChart(page, after = 0) {
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid="plot"]')?.getAttribute("data-drawn") ?? 0) > n &&
      !document.querySelector(".state.loading"),
    after,
    { timeout: 20_000 },
  );
}

/** The traces as Plotly holds them: name, x (the dimension's value, kept in customdata where x is its position on a log2 axis), y. */
export async function plotted(page) {
  // the figure may be mounted anew just after a draw (a CI run under load read it in between)
  await page.waitForFunction(() => document.querySelector('[data-testid="plot"]')?.data, null, {
    timeout: 20_000,
  });
  return page.evaluate(() =>
    document
      .querySelector('[data-testid="plot"]')
      .data.map((t) => ({ name: t.name, x: [...(t.customdata ?? t.x)].map(String), y: [...t.y] })),
  );
}

export function layoutOf(page) {
  return page.evaluate(() => {
    const gd = document.querySelector('[data-testid="plot"]');
    return {
      ytype: gd.layout.yaxis.type,
      ytitle: gd.layout.yaxis.title.text,
      xtitle: gd.layout.xaxis.title.text,
    };
  });
}

export function close(actual, expected, what, rel = 1e-9) {
  assert.ok(
    Math.abs(actual - expected) <= rel * Math.abs(expected),
    `${what}: plotted ${actual}, expected ${expected}`,
  );
}

/** Assert that trace `name` plots exactly `points` ({x: value}), x order included. */
export function assertTrace(traces, name, points) {
  const trace = traces.find((t) => t.name === name);
  assert.ok(trace, `no trace "${name}" among ${traces.map((t) => t.name).join(" | ")}`);
  assert.deepEqual(trace.x, Object.keys(points), `x of ${name}`);
  Object.values(points).forEach((v, i) => {
    close(trace.y[i], v, `${name} at x=${trace.x[i]}`);
  });
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
