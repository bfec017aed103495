// Issue 28, every page for a person: each route of App.tsx at a phone (390x844) and a laptop
// (1400x900) width has no horizontal page overflow and no serious or critical axe-core violation
// (colour contrast checked at 1400 px: the colours are the same at both widths);
// on a phone the filters sit in a drawer that opens and closes with the keyboard (focus returns to
// its button) and the chart is near the top; active filters are removable chips above the chart.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { test } from "@playwright/test";
import { redrawnBy, waitForChart } from "./helpers.mjs";
import { sharedBackend } from "./server.mjs";

const url = () => sharedBackend().url;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1400, height: 900 },
];

/** Every route, by a path the demo data fills; `chart` when the page draws a Plotly chart. */
async function pages() {
  const runs = async (query) =>
    (await (await fetch(`${url()}/api/v1/runs?${query}`)).json()).data.map((r) => r.run_id);
  const [a, b] = await runs("source=esp32c6-serial&limit=2");
  const [openssl] = await runs("source=openssl-speed&limit=1");
  assert.ok(a && b && openssl, "the demo data's two ESP32-C6 runs and an openssl run");
  return [
    { name: "explorer", path: "/", chart: true },
    {
      name: "explorer-preset",
      path: "/?f.algorithm=AES-128-CBC&f.machine=beaglebone-black&f.tool=openssl-speed&f.tag.timing=cpu&x=param.block_bytes&series=tag.engine",
      chart: true,
    },
    { name: "history", path: "/history?f.algorithm=AES-128-CBC&f.operation=encrypt", chart: true },
    { name: "changes", path: "/changes" },
    { name: "matrix", path: "/matrix" },
    { name: "compare-pick", path: "/compare" },
    { name: "compare", path: `/compare?baseline=${a}&contender=${b}` },
    { name: "tradeoff", path: "/tradeoff", chart: true },
    { name: "runs", path: "/runs" },
    { name: "run", path: `/runs/${a}` },
    { name: "run-artifact", path: `/runs/${openssl}` },
    { name: "machines", path: "/machines" },
    { name: "import", path: "/import" },
    { name: "leaks", path: "/leaks" },
    { name: "not-found", path: "/no-such-page" },
  ];
}

/** Wait until the page shows what it loads: no loading state left, its chart drawn. */
async function settle(page, chart) {
  await page.waitForSelector("main#main > *", { timeout: 20_000 });
  if (chart) await waitForChart(page);
  await page.waitForFunction(() => !document.querySelector(".state.loading"), null, {
    timeout: 20_000,
  });
}

/** The preset links not wholly shown: outside their box or the window, or their own text cut off. */
function clippedPresets(page) {
  return page.evaluate(() => {
    const nav = document.querySelector("nav.presets");
    if (!nav) return [];
    const box = nav.getBoundingClientRect();
    return [...nav.querySelectorAll("a")]
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return (
          r.left < box.left - 0.5 ||
          r.right > Math.min(box.right, window.innerWidth) + 0.5 ||
          r.bottom > box.bottom + 0.5 ||
          a.scrollWidth > a.clientWidth
        );
      })
      .map((a) => a.textContent);
  });
}

/** axe-core's serious and critical findings; `contrast: false` leaves out its colour-contrast rule,
 * its costliest (about 40% of a pass): the colours are the same at both widths, so it runs once. */
async function seriousViolations(page, { contrast = true } = {}) {
  const axe = new AxeBuilder({ page });
  const { violations } = await (contrast ? axe : axe.disableRules(["color-contrast"])).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}; ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 4)
          .join(" | ")}`,
    );
}

test("every page at 390 and 1400 px: no horizontal overflow, axe-core 0 serious or critical", async ({
  page,
}) => {
  test.setTimeout(600_000); // 31 views with axe-core: 5.2 min on a loaded 2-core machine
  const problems = [];
  for (const view of await pages()) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`${url()}${view.path}`);
      await settle(page, view.chart);
      const where = `${view.name} at ${size.width} px`;
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      if (scroll > inner) problems.push(`${where}: page ${scroll} px wide in a ${inner} px window`);
      for (const link of await clippedPresets(page))
        problems.push(`${where}: preset link "${link}" cut off`);
      const contrast = size.width === 1400;
      for (const v of await seriousViolations(page, { contrast })) problems.push(`${where}: ${v}`);
      const path = test.info().outputPath(`${view.name}-${size.width}.png`);
      await page.screenshot({ path, fullPage: true });
      await test.info().attach(`${view.name}-${size.width}`, { path, contentType: "image/png" });
    }
  }
  assert.deepEqual(problems, []);
});

test("phone: the filters are a drawer the keyboard opens and closes, the chart is full width near the top", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url()}/`);
  await waitForChart(page);
  const toggle = page.locator(`button[aria-controls="filters"]`);
  assert.equal(await toggle.getAttribute("aria-expanded"), "false", "closed by default on a phone");
  assert.equal(await page.locator("#filters").isVisible(), false);
  const plot = await page.getByTestId("plot").boundingBox();
  assert.ok(plot.y < 844, `the chart starts in the first screen, at ${plot.y} px`);
  assert.ok(plot.width >= 340, `the chart spans the phone's width: ${plot.width} px`);
  await toggle.focus();
  await page.keyboard.press("Enter");
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  await page.locator("#filters input[type=checkbox]").first().waitFor();
  await page.keyboard.press("Tab");
  assert.equal(
    await page.evaluate(() => !!document.activeElement?.closest("#filters")),
    true,
    "Tab goes into the open drawer",
  );
  // the landing view filters AES-128-CBC already (views.json): pick an algorithm it does not
  const boxes = page.locator('#filters input[data-dim="algorithm"]');
  const box = boxes.nth(
    await boxes.evaluateAll((inputs) => inputs.findIndex((input) => !input.checked)),
  );
  await box.focus();
  await redrawnBy(page, () => page.keyboard.press("Space"));
  assert.equal(await box.isChecked(), true);
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("data-dim")),
    "algorithm",
    "the checkbox keeps the focus while the counts reload",
  );
  assert.equal(
    await toggle.getAttribute("aria-expanded"),
    "true",
    "the drawer stays open while filters are picked",
  );
  await page.keyboard.press("Escape");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false", "Escape closes the drawer");
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("aria-controls")),
    "filters",
    "focus back on the drawer's button",
  );
  await page.setViewportSize({ width: 1400, height: 900 });
  assert.equal(
    await page.locator("#filters").isVisible(),
    true,
    "at 1400 px the filters are always shown",
  );
});

test("active filters are chips above the chart: human labels, one click removes one, clear all", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(
    `${url()}/?f.algorithm=AES-128-CBC&f.algorithm=SHA-256&f.tag.timing=cpu&series=machine`,
  );
  await waitForChart(page);
  const chips = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
  assert.deepEqual(await chips.allInnerTexts(), [
    "algorithm: AES-128-CBC ×",
    "algorithm: SHA-256 ×",
    "timing: cpu ×",
  ]);
  const plot = await page.getByTestId("plot").boundingBox();
  const list = await page.getByRole("list", { name: "Active filters" }).boundingBox();
  assert.ok(list.y < plot.y, "chips above the chart");
  await redrawnBy(page, () =>
    page.getByRole("button", { name: "Remove filter algorithm: SHA-256" }).click(),
  );
  assert.deepEqual(new URL(page.url()).searchParams.getAll("f.algorithm"), ["AES-128-CBC"]);
  assert.equal(new URL(page.url()).searchParams.get("f.tag.timing"), "cpu");
  assert.equal(await chips.count(), 2);
  await redrawnBy(page, () =>
    page.getByRole("button", { name: "Clear all filters" }).first().click(),
  );
  assert.equal(
    [...new URL(page.url()).searchParams.keys()].filter((k) => k.startsWith("f.")).length,
    0,
  );
  assert.equal(await page.getByRole("list", { name: "Active filters" }).count(), 0);
  await page.goto(`${url()}/history?f.algorithm=AES-128-CBC&f.operation=encrypt`);
  await waitForChart(page);
  assert.deepEqual(
    await chips.allInnerTexts(),
    ["algorithm: AES-128-CBC ×", "operation: encrypt ×"],
    "History's chips",
  );
  await redrawnBy(page, () =>
    page.getByRole("button", { name: "Remove filter operation: encrypt" }).click(),
  );
  assert.deepEqual(
    [...new URL(page.url()).searchParams.keys()].filter((k) => k.startsWith("f.")),
    ["f.algorithm"],
  );
});
