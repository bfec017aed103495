// Issue 28 in real Chromium on the shared e2e backend: the run page (titled by machine, tool and
// date, its changes listed, an unknown id a not-found page), runs named by machine, tool, date and
// tags in the run facet and the Runs picker, the Import page (each paste starts afresh, messages
// name the tools, a preview needs no token) and /docs and /redoc with all outside network blocked.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { pageErrors, shots } from "./helpers.mjs";
import { sharedBackend, uploadRun } from "./server.mjs";

const backend = sharedBackend();
const url = () => backend.url;
const token = () => backend.token;
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
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Five nightly runs of one series on a new machine, the last twice as slow: one regression at the last. */
async function nightlies(machine) {
  const docs = [100, 101, 99, 100, 200].map((value, day) => ({
    schema: "cryptobench.run/v1",
    run_id: randomUUID(),
    source: "manual",
    started_at: new Date(Date.UTC(2031, 0, 10 + day, 2, 0)).toISOString(),
    machine: { name: machine },
    tool: { name: "e2e-bench", version: "1.0" },
    tags: { nightly: "yes" },
    results: [
      {
        name: "sha256",
        algorithm: "SHA-256",
        operation: "hash",
        params: { message_bytes: 64 },
        metric: "ns_per_op",
        value,
        unit: "ns/op",
      },
    ],
  }));
  for (const doc of docs) await uploadRun(backend, doc);
  return docs;
}

test("the run page is titled by machine, tool and date and lists the changes detected at it", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const machine = `e2e-steps-${Date.now()}`;
  const docs = await nightlies(machine);
  const last = docs.at(-1);
  await page.goto(`${url()}/runs/${last.run_id}`);
  const title = page.getByRole("heading", { level: 2 });
  await title.waitFor();
  assert.match(await title.innerText(), new RegExp(`^${machine} · e2e-bench 1\\.0 · .*2031`));
  assert.doesNotMatch(await title.innerText(), UUID);
  const changes = page.getByRole("list", { name: "changes at this run" });
  await changes.waitFor();
  const items = await changes.getByRole("listitem").allInnerTexts();
  assert.equal(items.length, 1, items.join("\n"));
  assert.match(items[0], /^SHA-256 hash message_bytes=64: regression ×2\.0/);
  await shots(page, "run-page", { fits: true });
  await page.goto(`${url()}/runs/${docs[0].run_id}`);
  await page.getByText("No change was detected at this run").waitFor();
  assert.deepEqual(errors, []);
});

test("an unknown or malformed run id is a not-found page", async ({ page }) => {
  const errors = pageErrors(page);
  for (const id of [randomUUID(), "not-a-run"]) {
    await page.goto(`${url()}/runs/${id}`);
    await page.getByRole("heading", { name: "No such run" }).waitFor();
    assert.doesNotMatch(await page.locator("main").innerText(), /Invalid input|invalid field/);
    await page.getByRole("link", { name: "Find the run on the Runs page" }).waitFor();
  }
  await shots(page, "no-such-run", { fits: true });
  assert.deepEqual(errors, []);
});

test("the run facet and the Runs page's picker name runs by machine, tool, date and tags", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const machine = `e2e-named-${Date.now()}`;
  await nightlies(machine);
  await page.goto(`${url()}/?f.machine=${machine}`);
  const runFacet = page.locator('input[type=checkbox][data-dim="run"]');
  await runFacet.first().waitFor();
  const labels = await page.locator("label", { has: runFacet }).allInnerTexts();
  assert.equal(labels.length, 5, labels.join("\n"));
  for (const label of labels) {
    assert.match(
      label,
      new RegExp(`^${machine} · e2e-bench 1\\.0 · 2031-01-1\\d 02:00 UTC · nightly=yes`),
    );
    assert.doesNotMatch(label, UUID);
  }
  await page.goto(`${url()}/runs?machine=${machine}`);
  const picks = page.getByRole("checkbox", {
    name: new RegExp(`^pick run ${machine} · e2e-bench 1\\.0 · 2031`),
  });
  await picks.first().waitFor();
  assert.equal(await picks.count(), 5);
  const sources = await page.getByLabel("source").locator("option").allInnerTexts();
  for (const source of [
    "openssl-speed",
    "esp32c6-serial",
    "mbedtls-benchmark",
    "wolfssl-benchmark",
    "go-test-bench",
  ]) {
    assert.ok(
      sources.includes(source),
      `the source picker offers the server's sources: ${sources.join(", ")}`,
    );
  }
  assert.deepEqual(errors, []);
});

test("import: each paste starts afresh, messages name the tools, a preview needs no token", async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto(`${url()}/import`);
  const output = page.getByLabel("Output");
  await output.fill("just some words\nand 12 apples\n");
  await page.getByRole("button", { name: "Preview" }).click();
  const alert = page.getByRole("alert");
  await alert.waitFor();
  const message = await alert.innerText();
  assert.match(message, /^The output could not be read: not a supported output/);
  for (const tool of ["openssl speed", "JMH", "a board's serial console", "choose its format"])
    assert.ok(message.includes(tool), message);
  assert.doesNotMatch(message, /[?&\s]format=|Invalid input|openssl\|jmh/);
  const formats = await page.getByLabel("Format").locator("option").allInnerTexts();
  assert.deepEqual(formats.slice(0, 4), [
    "detect it from the text",
    "openssl speed",
    "JMH",
    "a board's serial console",
  ]);
  await shots(page, "import-refused", { fits: true });
  await output.fill(SESSION);
  assert.equal(await page.getByRole("alert").count(), 0, "the old error went with the old paste");
  await page.getByRole("button", { name: "Preview" }).click();
  const detected = page.getByTestId("detected");
  await detected.waitFor();
  assert.match(
    await detected.innerText(),
    /^Read as openssl speed output: \d+ lines look like openssl speed output/,
  );
  assert.equal(await page.getByRole("alert").count(), 0);
  assert.equal(
    await page.getByRole("button", { name: "Store" }).isDisabled(),
    true,
    "storing needs a token",
  );
  await page.getByText("Storing needs an upload token").waitFor();
  await page.getByLabel("Upload token").fill(token());
  assert.equal(await page.getByRole("button", { name: "Store" }).isDisabled(), false);
  await shots(page, "import-preview-without-token", { fits: true });
  assert.deepEqual(errors, []);
});

test("/docs and /redoc render their operations with all outside network blocked", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000); // two API documents drawn at two widths: over 60 s on a loaded machine
  const errors = pageErrors(page);
  const outside = [];
  await context.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "127.0.0.1") return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${url()}/docs`);
  await page.locator(".opblock-summary-path", { hasText: "/api/v1/imports" }).first().waitFor();
  assert.ok((await page.locator(".opblock").count()) > 20, "every operation is listed");
  await shots(page, "swagger-offline", { fits: true });
  await page.goto(`${url()}/redoc`);
  await page.getByRole("heading", { name: "Import Output" }).first().waitFor();
  await shots(page, "redoc-offline", { fits: true });
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
