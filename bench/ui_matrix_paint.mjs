// First paint of a 200-row x 20-column matrix in headless Chromium: ms from navigation to the
// table's 200 rows in the DOM with their cells, on the built UI served with synthetic Read API
// answers (GET /matrix, /facets, /vocabulary), so the figure measures the UI alone. Baseline: a
// bare page fetching the same answer and writing the same table as one innerHTML string.
// Median of 5 fresh contexts each. Target: ours <= 1000 ms. Last line: the JSON result.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..", "frontend");
const DIST = join(FRONTEND, "dist");
const require = createRequire(join(FRONTEND, "package.json"));
const { chromium } = require("playwright-core");
const RUNS = 5;
const ROWS = 200;
const COLUMNS = 20;
const TARGET_MS = 1000;
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".json": "application/json" };

function matrixAnswer() {
  const columns = Array.from({ length: COLUMNS }, (_, c) => ({ value: `machine-${String(c).padStart(2, "0")}`, rows: ROWS, shared: ROWS, geomean_speedup: 1 + c / 10 }));
  const rows = Array.from({ length: ROWS }, (_, r) => ({
    key: { algorithm: ["RSA", "ECDSA", "AES-128-CBC", "SHA-256"][r % 4], operation: "sign", library: "OpenSSL", params: { key_bits: 1024 + (r % 50) * 64, block_bytes: 16 << r % 5 } },
    cells: columns.map((_, c) => (c === 7 && r % 3 === 0 ? null : { value: 1000 * (r + 1) * (1 + c / 20), min: 1, max: 2, n: 3, ratio: 1 + c / 20, speedup: 1 / (1 + c / 20) })),
  }));
  return { metric: "ns_per_op", unit: "ns/op", less_is_better: true, column: "machine", split: [], agg: "median", baseline: "machine-00", columns, rows };
}

const FACETS = {
  dimensions: [{ name: "machine", values: Array.from({ length: COLUMNS }, (_, c) => ({ value: `machine-${String(c).padStart(2, "0")}`, count: ROWS })) }],
  metrics: [{ value: "ns_per_op", count: ROWS * COLUMNS }],
};

const BASELINE_PAGE = `<!doctype html><html><body><table id="t"></table><script>
fetch("/api/v1/matrix").then((r) => r.json()).then((m) => {
  const head = "<tr><th>row</th>" + m.columns.map((c) => "<th>" + c.value + "</th>").join("") + "</tr>";
  const body = m.rows.map((r) => "<tr><td>" + r.key.algorithm + " " + JSON.stringify(r.key.params) + "</td>" +
    r.cells.map((c) => (c ? "<td>" + c.value.toFixed(2) + "<br>" + c.speedup.toFixed(2) + "x</td>" : "<td></td>")).join("") + "</tr>").join("");
  document.getElementById("t").innerHTML = "<thead>" + head + "</thead><tbody>" + body + "</tbody>";
});
</script></body></html>`;

function serve() {
  const matrix = JSON.stringify(matrixAnswer());
  const vocabulary = readFileSync(join(FRONTEND, "tests", "unit", "vocabulary.gen.json"));
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const send = (type, body) => res.writeHead(200, { "content-type": type }).end(body);
    if (path === "/api/v1/matrix") return send("application/json", matrix);
    if (path === "/api/v1/facets") return send("application/json", JSON.stringify(FACETS));
    if (path === "/api/v1/vocabulary") return send("application/json", vocabulary);
    if (path === "/baseline.html") return send("text/html", BASELINE_PAGE);
    const file = join(DIST, path);
    if (path.startsWith("/assets/") && existsSync(file)) return send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
    return send("text/html", readFileSync(join(DIST, "index.html")));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** ms since navigation start when the table has all its rows (checked every animation frame). */
async function paintTime(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  const handle = await page.waitForFunction(
    (rows) => (document.querySelectorAll("table tbody tr").length >= rows ? performance.now() : false),
    ROWS,
    { polling: "raf", timeout: 30_000 },
  );
  const ms = await handle.jsonValue();
  await context.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync(join(DIST, "index.html"))) execFileSync("npm", ["run", "--silent", "build"], { cwd: FRONTEND, stdio: "inherit" });
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CRYPTOBENCH_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const ours = [];
  const baseline = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      ours.push(await paintTime(browser, `${base}/matrix?metric=ns_per_op`));
      baseline.push(await paintTime(browser, `${base}/baseline.html`));
    }
  } finally {
    await browser.close();
    server.close();
  }
  const o = Math.round(median(ours));
  const b = Math.round(median(baseline));
  console.log(`ours ${ours.map(Math.round).join(", ")} ms; baseline ${baseline.map(Math.round).join(", ")} ms; target ${TARGET_MS} ms: ${o <= TARGET_MS ? "met" : "MISSED"}`);
  console.log(JSON.stringify({ bench: "ui_matrix_paint_200x20", ours: o, baseline: b, ratio: Math.round((o / b) * 1000) / 1000, unit: "ms" }));
}

main().catch((err) => {
  console.error(`ui_matrix_paint: ${err.message}`);
  process.exitCode = 1;
});
