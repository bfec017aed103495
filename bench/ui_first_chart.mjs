// Time from navigation to the first chart drawn, in headless Chromium, with 10,000 points loaded
// (4 series x 2,500 points, lines). The built UI is served with synthetic Read API answers (chart,
// facets, vocabulary) so the figure measures the UI alone. Baseline: a bare page that loads the full plotly.js-dist-min and
// draws the same 10k points from the same API answer. Median of 5 fresh contexts each.
// Target: ours <= 1500 ms. Last line: the JSON result.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..", "frontend");
// the test build: only it carries the `cryptobench:chart-drawn` mark (see PlotlyFigure.tsx)
const DIST = join(FRONTEND, "dist-e2e");
const require = createRequire(join(FRONTEND, "package.json"));
const { chromium } = require("playwright-core");
const RUNS = 5;
const TARGET_MS = 1500;
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".json": "application/json" };

function chartAnswer() {
  const series = ["lib-a", "lib-b", "lib-c", "lib-d"].map((lib, s) => ({
    key: { library: lib },
    points: Array.from({ length: 2500 }, (_, i) => ({ x: (i + 1) * 16, value: 1000 * (s + 1) + i, n: 1, error: null, error_kind: null })),
  }));
  return { metric: "ns_per_op", unit: "ns/op", x: "param.message_bytes", series };
}

const FACETS = {
  dimensions: [
    { name: "library", values: ["lib-a", "lib-b", "lib-c", "lib-d"].map((value) => ({ value, count: 2500 })) },
    { name: "param.message_bytes", values: [{ value: "16", count: 4 }] },
  ],
  metrics: [{ value: "ns_per_op", count: 10000 }],
};

const BASELINE_PAGE = `<!doctype html><html><body><div id="plot" style="width:1200px;height:480px"></div>
<script src="/plotly.min.js"></script><script>
fetch("/api/v1/chart").then((r) => r.json()).then((c) => Plotly.newPlot("plot",
  c.series.map((s) => ({ type: "scatter", mode: "lines", name: s.key.library, x: s.points.map((p) => p.x), y: s.points.map((p) => p.value) })),
  { yaxis: { type: "linear" } })).then(() => performance.mark("cryptobench:chart-drawn"));
</script></body></html>`;

function serve() {
  const chart = JSON.stringify(chartAnswer());
  const plotlyFull = readFileSync(join(FRONTEND, "node_modules", "plotly.js-dist-min", "plotly.min.js"));
  // the server's vocabulary as the generated client checks it (make -C frontend client)
  const vocabulary = readFileSync(join(FRONTEND, "tests", "unit", "vocabulary.gen.json"));
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const send = (type, body) => res.writeHead(200, { "content-type": type }).end(body);
    if (path === "/api/v1/chart") return send("application/json", chart);
    if (path === "/api/v1/facets") return send("application/json", JSON.stringify(FACETS));
    if (path === "/api/v1/vocabulary") return send("application/json", vocabulary);
    if (path === "/baseline.html") return send("text/html", BASELINE_PAGE);
    if (path === "/plotly.min.js") return send("text/javascript", plotlyFull);
    const file = join(DIST, path);
    if (path.startsWith("/assets/") && existsSync(file)) return send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
    return send("text/html", readFileSync(join(DIST, "index.html")));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

async function drawTime(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  const handle = await page.waitForFunction(() => performance.getEntriesByName("cryptobench:chart-drawn")[0]?.startTime, null, { timeout: 30_000 });
  const ms = await handle.jsonValue();
  await context.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync(join(DIST, "index.html"))) execFileSync("npm", ["run", "--silent", "build:e2e"], { cwd: FRONTEND, stdio: "inherit" });
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
      ours.push(await drawTime(browser, `${base}/?x=param.message_bytes&series=library&metric=ns_per_op&chart=lines`));
      baseline.push(await drawTime(browser, `${base}/baseline.html`));
    }
  } finally {
    await browser.close();
    server.close();
  }
  const o = Math.round(median(ours));
  const b = Math.round(median(baseline));
  console.log(`ours ${ours.map(Math.round).join(", ")} ms; baseline ${baseline.map(Math.round).join(", ")} ms; target ${TARGET_MS} ms: ${o <= TARGET_MS ? "met" : "MISSED"}`);
  console.log(JSON.stringify({ bench: "ui_first_chart_10k", ours: o, baseline: b, ratio: Math.round((o / b) * 1000) / 1000, unit: "ms" }));
}

main().catch((err) => {
  console.error(`ui_first_chart: ${err.message}`);
  process.exitCode = 1;
});
