// E2E tests of the Import page: paste -> preview with a warning -> store -> the run page; a dropped JMH file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "collectors",
  "tests",
  "fixtures",
);
const SESSION = readFileSync(
  join(FIXTURES, "openssl", "openssl-1.1.1d_3.0.0-dev_session_two_commands.txt"),
  "utf-8",
);
const UNKNOWN = "AES-128-GCM (median of 3 runs): 6412.77 MB/s";

async function openImport(page, url, token) {
  await page.goto(`${url}/import`);
  await page.getByLabel("Upload token").fill(token);
}

export const IMPORT_TESTS = [
  {
    name: "import: paste, preview with a warning, store, land on the run page",
    fn: async ({ page, url, token, shot }) => {
      assert.ok(token, "an upload token (CRYPTOBENCH_E2E_TOKEN) is needed");
      const tag = `e2e-${Date.now()}`;
      await openImport(page, url, token);
      await page.getByLabel("Output").fill(`${SESSION}${UNKNOWN}\n`);
      await page.getByLabel("Machine name").fill("e2e-import-box");
      await page.getByLabel("Tags").fill(`run=${tag}`);
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByTestId("detected").waitFor();
      assert.match(
        await page.getByTestId("detected").innerText(),
        /^Read as openssl speed output: \d+ lines look like openssl speed output/,
      );
      assert.equal(await page.getByRole("table", { name: "preview" }).count(), 2);
      const firstRow = await page
        .getByRole("table", { name: "preview" })
        .first()
        .locator("tbody tr")
        .first()
        .locator("td")
        .allInnerTexts();
      assert.deepEqual(firstRow.slice(0, 5), [
        "aes-128-gcm",
        "AES-128-GCM",
        "encrypt",
        "block_bytes=16",
        "691 MB/s",
      ]);
      const warnings = await page
        .getByRole("table", { name: "parse warnings" })
        .locator("tbody td")
        .allInnerTexts();
      assert.equal(warnings[0], "14");
      assert.equal(warnings[1], UNKNOWN);
      assert.equal(
        (await page.evaluate(() => sessionStorage.getItem("cryptobench.uploadToken"))) !== null,
        true,
      );
      assert.equal(
        await page.evaluate(() => localStorage.getItem("cryptobench.uploadToken")),
        null,
      );
      await shot("import-preview");
      await page.getByRole("button", { name: "Store" }).click();
      await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
      await page.getByText("e2e-import-box", { exact: true }).first().waitFor();
      await page.getByText(tag, { exact: true }).first().waitFor();
      await page.getByRole("heading", { name: "Results (6)" }).waitFor();
      await shot("import-stored-run");
    },
  },
  {
    name: "import: a dropped JMH JSON file is detected and previewed",
    fn: async ({ page, url, token, shot }) => {
      assert.ok(token, "an upload token (CRYPTOBENCH_E2E_TOKEN) is needed");
      await openImport(page, url, token);
      const content = readFileSync(
        join(FIXTURES, "jmh", "mariofusco_jmh-playground_1.37_avgt_nan.json"),
        "utf-8",
      );
      const dataTransfer = await page.evaluateHandle((json) => {
        const dt = new DataTransfer();
        dt.items.add(new File([json], "result.json", { type: "application/json" }));
        return dt;
      }, content);
      await page.dispatchEvent('[data-testid="dropzone"]', "drop", { dataTransfer });
      await page.getByText("result.json", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByTestId("detected").waitFor();
      assert.match(
        await page.getByTestId("detected").innerText(),
        /^Read as JMH output: a JSON array of JMH records/,
      );
      const warnings = await page
        .getByRole("table", { name: "parse warnings" })
        .locator("tbody td")
        .allInnerTexts();
      assert.match(warnings[1], /: score NaN$/);
      await shot("import-jmh-drop");
    },
  },
];
