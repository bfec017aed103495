// Issue 25 in real Chromium, against a backend of this file's own with CRYPTOBENCH_READ_TOKENS=true
// (the shared e2e backend keeps reads open): the read-token form, and labels from data drawn as text.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { pageErrors, shots, waitForChart } from "./helpers.mjs";
import { startOwnBackend, uploadRun } from "./server.mjs";

const LINK = '<a href="https://evil.example/">evil</a>';
const BOLD = "<b>bold</b> & co";

let backend;
// a backend of its own: migrations and the demo data take over a minute on a loaded 2-core machine
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
  backend = await startOwnBackend({ CRYPTOBENCH_READ_TOKENS: "true" });
});
test.afterAll(() => backend?.stop());

test("read tokens: a refused read asks for a token, which is kept, sent with every read and forgotten on request", async ({
  page,
}) => {
  const errors = pageErrors(page);
  const form = page.getByRole("form", { name: "read token" });
  await page.goto(`${backend.url}/`);
  await expect(form).toContainText("This dashboard needs a read token.");
  await expect(form).toContainText("send an API token");
  await shots(page, "read-token-form");

  await form.getByLabel("read token").fill("cbt_not-a-token");
  await form.getByRole("button", { name: "Use this token" }).click();
  await expect(form).toContainText(
    "The server refused this read token. Unauthorized: unknown or revoked API token",
  );

  await form.getByLabel("read token").fill(backend.readToken);
  await form.getByRole("button", { name: "Use this token" }).click();
  await waitForChart(page);
  await expect(form).toHaveCount(0);
  assert.equal(
    await page.evaluate(() => localStorage.getItem("cryptobench.read-token")),
    backend.readToken,
  );

  await page.goto(`${backend.url}/changes`);
  await expect(page.getByRole("heading", { name: "Changes" })).toBeVisible();
  await page.goto(`${backend.url}/`);
  await waitForChart(page);
  await expect(form).toHaveCount(0);
  await shots(page, "read-token-explorer");

  await page.getByRole("button", { name: "Forget read token" }).click();
  await expect(form).toContainText("This dashboard needs a read token.");
  assert.equal(await page.evaluate(() => localStorage.getItem("cryptobench.read-token")), null);
  assert.deepEqual(errors, []);
});

test("labels from data: a link or markup in a name or tag is drawn as text, never as a live link", async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  const runId = randomUUID();
  const result = (name, ns) => ({
    name,
    family: "hash",
    algorithm: "SHA-256",
    operation: "hash",
    library: "OpenSSL",
    library_version: "3.0.13",
    params: {},
    metric: "ns_per_op",
    value: ns,
    unit: "ns/op",
  });
  const doc = {
    schema: "cryptobench.run/v1",
    run_id: runId,
    source: "manual",
    started_at: "2026-11-20T10:00:00Z",
    machine: { name: "hostile-labels", arch: "x86_64", cores: 2 },
    tool: { name: "hand", version: "1" },
    tags: { who: LINK },
    results: [result(LINK, 100), result(BOLD, 200)],
  };
  await uploadRun(backend, doc);
  await context.addInitScript(
    (token) => localStorage.setItem("cryptobench.read-token", token),
    backend.readToken,
  );

  await page.goto(`${backend.url}/?f.run=${runId}&x=name&series=tag.who&metric=ns_per_op`);
  await waitForChart(page);
  const drawn = await page.evaluate(() => {
    const svg = [...document.querySelectorAll('[data-testid="plot"] svg')];
    return {
      links: svg.flatMap((s) => [...s.querySelectorAll("a")]).length,
      bold: svg
        .flatMap((s) => [...s.querySelectorAll("tspan")])
        .filter((t) => t.style.fontWeight === "bold").length,
      ticks: [...document.querySelectorAll('[data-testid="plot"] .xtick text')].map(
        (t) => t.textContent,
      ),
      legend: [...document.querySelectorAll('[data-testid="plot"] .legendtext')].map(
        (t) => t.textContent,
      ),
    };
  });
  assert.deepEqual(drawn, { links: 0, bold: 0, ticks: [LINK, BOLD], legend: [LINK] });
  await shots(page, "hostile-labels");

  // A click on the link's bar opens what is behind it: the point is the raw x, not its escaped text.
  const index = await page.evaluate(
    (x) => document.querySelector('[data-testid="plot"]').data[0].customdata.indexOf(x),
    LINK,
  );
  const box = await page.locator('[data-testid="plot"] g.point path').nth(index).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForURL((url) => url.searchParams.get("point") === LINK);
  await expect(page.getByRole("heading", { name: /^Behind / })).toContainText(LINK);
  const drilldownLinks = await page.evaluate(
    () => document.querySelectorAll(".drilldown svg a").length,
  );
  assert.equal(drilldownLinks, 0);
  await shots(page, "hostile-drilldown");
  assert.deepEqual(errors, []);
});
