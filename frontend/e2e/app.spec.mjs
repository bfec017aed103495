// Every e2e check (tests.mjs, views.mjs: {name, fn(ctx)}) as one Playwright test. ctx: the page,
// its context and browser, the backend's url and upload token, and shot(name) for a full-page
// screenshot kept with the test's results. An uncaught page error fails the test.
import { test } from "@playwright/test";
import { pageErrors } from "./helpers.mjs";
import { sharedBackend } from "./server.mjs";
import { TESTS } from "./tests.mjs";

for (const check of TESTS) {
  test(check.name, async ({ page, context, browser }, testInfo) => {
    const errors = pageErrors(page);
    const shot = async (name) => {
      const path = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(name, { path, contentType: "image/png" });
    };
    await check.fn({ page, context, browser, ...sharedBackend(), shot });
    if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  });
}
