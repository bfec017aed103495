// Issue 27 in real Chromium on the shared e2e backend: the Import page offers every format the
// server reads (GET /api/v1/vocabulary import_formats) by its tool's name, says what the chosen one
// reads, and lists them all in a collapsed list that fits a phone, without axe-core violations
// (screenshots at 390 and 1400 px).
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { test } from "@playwright/test";
import { pageErrors, shots } from "./helpers.mjs";
import { sharedBackend } from "./server.mjs";

const backend = sharedBackend();

test("import: every format the server reads is offered by its tool and listed on a phone", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const served = (await (await fetch(`${backend.url}/api/v1/vocabulary`)).json()).import_formats;
  assert.ok(served.length >= 12, `the server reads ${served.length} formats`);
  await page.goto(`${backend.url}/import`);
  const format = page.getByLabel("Format");
  await format.waitFor();
  const options = await format
    .locator("option")
    .evaluateAll((all) => all.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [
    ["auto", "detect it from the text"],
    ...served.map((f) => [f.name, f.tool]),
  ]);
  const reads = page.locator("#format-reads");
  assert.match(await reads.innerText(), /^detect it from the text: /);
  await format.selectOption("botan");
  assert.equal(
    await reads.innerText(),
    `botan speed: ${served.find((f) => f.name === "botan").looks_like}.`,
  );
  const list = page.locator("details.formats");
  assert.equal(
    await list.locator("summary").innerText(),
    `The ${served.length} tools whose output it reads`,
  );
  await shots(page, "import-formats-closed", { fits: true });
  await list.locator("summary").click();
  assert.deepEqual(
    await list.locator("dt").allInnerTexts(),
    served.map((f) => f.tool),
  );
  for (const width of [390, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await list
      .locator("dt, dd")
      .evaluateAll((all) => all.map((el) => el.getBoundingClientRect().right));
    assert.ok(Math.max(...boxes) <= width, `the list fits ${width} px`);
  }
  const { violations } = await new AxeBuilder({ page }).include("details.formats").analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id} (${v.impact})`),
    [],
  );
  await shots(page, "import-formats-open", { fits: true });
  assert.deepEqual(errors, []);
});
