// E2E runner: real backend + demo data, headless Chromium; prints "N passed, N failed".
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "./browser.mjs";
import { startBackend } from "./server.mjs";
import { TESTS } from "./tests.mjs";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "test-results");
const only = process.argv[2] ?? "";

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const backend = await startBackend();
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    for (const test of TESTS.filter((t) => t.name.includes(only))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const started = Date.now();
      try {
        await test.fn({ page, context, browser, url: backend.url, token: backend.token, shot: (name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }) });
        if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
        passed += 1;
        console.log(`ok   ${test.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        console.log(`FAIL ${test.name}: ${err.stack ?? err}`);
        await page.screenshot({ path: join(SHOTS, `FAILED-${test.name.replace(/\W+/g, "_")}.png`), fullPage: true }).catch(() => {});
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    backend.stop();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(`e2e: ${err.message}`);
  process.exitCode = 1;
});
