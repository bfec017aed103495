// E2E tests of history and changes: 12 nightly runs of one board with a 10% step at run 9, uploaded
// through the API; the history from an Explorer chart with its change marker, the Changes page and
// its links, a note, and the deletion of a run by an admin.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { redrawnBy, waitForChart } from "./helpers.mjs";
import { uploadRun } from "./server.mjs";

const STEP_RUN = 9;

function nightly(machine, night) {
  const version = night >= STEP_RUN ? "3.6.3" : "3.6.2";
  const jitter = 1 + ((night * 37) % 7) / 1000;
  const result = (operation, ns) => ({
    name: `ecdsa-${operation}`,
    family: "signature",
    algorithm: "ECDSA",
    operation,
    library: "Mbed TLS",
    library_version: version,
    params: { curve: "secp256r1" },
    metric: "ns_per_op",
    value: ns * jitter,
    unit: "ns/op",
  });
  const day = String(night).padStart(2, "0");
  return {
    schema: "cryptobench.run/v1",
    run_id: randomUUID(),
    source: "python-ecc",
    started_at: `2026-10-${day}T02:00:00Z`,
    machine: { name: machine, arch: "x86_64", cores: 2 },
    tool: { name: "cryptobench-ecc", version: "1.0.0" },
    tags: {},
    results: [result("sign", night >= STEP_RUN ? 55_000 : 50_000), result("verify", 120_000)],
  };
}

/** Upload the 12 runs of a fresh board; returns its name and the run ids, oldest first. */
async function uploadNightlies(url, token) {
  const machine = `e2e-nightly-${Date.now()}`;
  const runs = [];
  for (let night = 1; night <= 12; night += 1) {
    const doc = nightly(machine, night);
    await uploadRun({ url, token }, doc);
    runs.push(doc.run_id);
  }
  return { machine, runs };
}

export const HISTORY_TESTS = [
  {
    name: "history: from an Explorer chart, one line per series, the change marked with what changed",
    fn: async ({ page, url, token, shot }) => {
      const { machine, runs } = await uploadNightlies(url, token);
      await page.goto(`${url}/?f.machine=${machine}&x=operation&metric=ns_per_op`);
      await waitForChart(page);
      await redrawnBy(page, async () => {
        await page.getByRole("link", { name: "Show history of these series" }).click();
        await page.waitForURL(/\/history\?/);
      });
      const traces = await page.evaluate(() =>
        document
          .querySelector('[data-testid="plot"]')
          .data.map((t) => ({ name: t.name, n: t.x.length, text: t.text ?? [] })),
      );
      assert.deepEqual(
        traces.map((t) => [t.name, t.n]),
        [
          [`sign · ${machine}`, 12],
          [`verify · ${machine}`, 12],
          ["regressions", 1],
        ],
      );
      assert.match(
        traces[2].text[0],
        /^regression ×1\.1\d\d \(\+1\d\.\d%\), z \d+(\.\d)? against 0\.\d+% run-to-run noise \(8 runs before, 4 after\): library_version 3\.6\.2 → 3\.6\.3/,
      );
      const listed = await page.getByRole("list", { name: "changes on this history" }).innerText();
      assert.match(
        listed,
        /^regression of ECDSA sign, curve secp256r1 \(Mbed TLS 3\.6\.3\) at \w+ 9, 2026, \d{1,2}:\d{2}\s?[AP]M: 5\d(\.\d+)? µs\/op → 5\d(\.\d+)? µs\/op \(×1\.1\d\d\); z \d+(\.\d)? against [\d.]+% run-to-run noise \(8 runs before, 4 after\); library_version 3\.6\.2 → 3\.6\.3$/,
      );
      assert.doesNotMatch(listed, /T02:00:00/);
      await redrawnBy(page, async () => {
        await page.getByLabel("x axis").selectOption("version");
        await page.waitForURL(/axis=version/);
      });
      const x = await page.evaluate(() => [
        ...document.querySelector('[data-testid="plot"]').data[0].x,
      ]);
      assert.deepEqual([...new Set(x)], ["3.6.2", "3.6.3"]);
      await shot("history");
      assert.equal(runs.length, 12);
    },
  },
  {
    name: "changes: newest first, filtered, linking to the history and to the two runs' comparison",
    fn: async ({ page, url, token, shot }) => {
      const { machine, runs } = await uploadNightlies(url, token);
      await page.goto(`${url}/changes?f.machine=${machine}`);
      const event = page.getByRole("article", { name: `1 regressed at ${machine}` });
      await event.waitFor();
      assert.match(
        await event.locator(".event-summary").innerText(),
        /^ECDSA sign \(curve secp256r1\) x1\.1\d$/,
      );
      await event.getByText("The 1 change, series by series").click();
      const table = event.getByRole("table", { name: "changes of this event" });
      const rows = table.locator("tbody tr");
      assert.equal(await rows.count(), 1);
      const cells = await rows.first().locator("td").allInnerTexts();
      assert.equal(cells[0], "ECDSA sign, curve secp256r1 (Mbed TLS 3.6.3)");
      assert.equal(cells[2], "regressed");
      assert.match(cells[3], /×1\.1\d\d/);
      assert.match(
        await event.getByRole("definition").first().innerText(),
        /− 3\.6\.2\s+\+ 3\.6\.3/,
      );
      await page.getByLabel("direction").selectOption("improvement");
      await page.getByText("No change detected (improvements)").waitFor();
      await page.getByLabel("direction").selectOption("regression");
      await event.waitFor();
      const expand = () =>
        event.locator("details").evaluate((d) => {
          d.open = true;
        });
      await expand();
      await shot("changes");
      await rows.first().getByRole("link", { name: "compare" }).click();
      await page.waitForURL(
        new RegExp(`/compare\\?baseline=${runs[STEP_RUN - 2]}&contender=${runs[STEP_RUN - 1]}`),
      );
      await page.goBack();
      await expand();
      await redrawnBy(page, async () => {
        await rows.first().getByRole("link", { name: "history" }).click();
        await page.waitForURL(/\/history\?/);
      });
      const names = await page.evaluate(() =>
        document.querySelector('[data-testid="plot"]').data.map((t) => t.name),
      );
      assert.deepEqual(names, ["all results", "regressions"]);
    },
  },
  {
    name: "run page: a note shows on the run and on history; an admin deletes the run everywhere",
    fn: async ({ page, url, token, adminToken, shot }) => {
      assert.ok(adminToken, "an admin token (CRYPTOBENCH_E2E_ADMIN_TOKEN) is needed");
      const { machine, runs } = await uploadNightlies(url, token);
      const last = runs[runs.length - 1];
      await page.goto(`${url}/runs/${last}`);
      await page.getByLabel("API token").fill(token);
      await page.getByLabel("note").fill("rebuilt with -O3");
      await page.getByRole("button", { name: "Add note" }).click();
      await page.getByRole("list", { name: "notes" }).getByText("rebuilt with -O3").waitFor();
      await page.goto(`${url}/history?f.machine=${machine}&series=operation&metric=ns_per_op`);
      await waitForChart(page);
      await page.getByRole("list", { name: "notes" }).getByText("rebuilt with -O3").waitFor();

      await page.goto(`${url}/runs/${last}`);
      await page.getByLabel("API token").fill(token);
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Delete this run" }).click();
      await page.getByText(/The run was not deleted: Forbidden/).waitFor();
      await page.getByLabel("API token").fill(adminToken);
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Delete this run" }).click();
      await page.waitForURL(/\/runs$/);
      await shot("after-delete");
      assert.equal((await fetch(`${url}/api/v1/runs/${last}`)).status, 404);
      const history = await (
        await fetch(`${url}/api/v1/history?metric=ns_per_op&machine=${machine}`)
      ).json();
      assert.equal(history.series[0].points.length, 11);
      const changes = await (await fetch(`${url}/api/v1/changes?machine=${machine}`)).json();
      assert.deepEqual(
        changes.changes.map((c) => c.run_id),
        [runs[STEP_RUN - 1]],
      );
    },
  },
];
