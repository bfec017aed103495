// What the headless-Chromium UI benches share (ui_first_chart.mjs, ui_matrix_paint.mjs): the built
// UI served with synthetic Read API answers, one fresh browser context per timing, and the
// ours-vs-baseline loop with its report (median of RUNS each; last line the JSON result).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "frontend");
const require = createRequire(join(FRONTEND, "package.json"));
const { chromium } = require("playwright-core");
const RUNS = 5;
const TYPES = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".json": "application/json" };

/** Serves `dist` with `routes` ({path: [content type, body]}) and the server's vocabulary answered first. */
function serve(dist, routes) {
  // the server's vocabulary as the generated client checks it (make -C frontend client)
  const vocabulary = readFileSync(join(FRONTEND, "tests", "unit", "vocabulary.gen.json"));
  const answers = { ...routes, "/api/v1/vocabulary": ["application/json", vocabulary] };
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const send = (type, body) => res.writeHead(200, { "content-type": type }).end(body);
    if (Object.hasOwn(answers, path)) return send(...answers[path]);
    const file = join(dist, path);
    if (path.startsWith("/assets/") && existsSync(file)) return send(TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
    return send("text/html", readFileSync(join(dist, "index.html")));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** `until(page)`'s answer (ms since navigation start) for `url` opened in a fresh context. */
async function timeIn(browser, url, until) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  const ms = await until(page);
  await context.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare({ bench, dist, build, routes, ours, until, targetMs }) {
  if (!existsSync(join(dist, "index.html"))) execFileSync("npm", ["run", "--silent", build], { cwd: FRONTEND, stdio: "inherit" });
  const server = await serve(dist, routes);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CRYPTOBENCH_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const oursMs = [];
  const baselineMs = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      oursMs.push(await timeIn(browser, `${base}${ours}`, until));
      baselineMs.push(await timeIn(browser, `${base}/baseline.html`, until));
    }
  } finally {
    await browser.close();
    server.close();
  }
  const o = Math.round(median(oursMs));
  const b = Math.round(median(baselineMs));
  console.log(`ours ${oursMs.map(Math.round).join(", ")} ms; baseline ${baselineMs.map(Math.round).join(", ")} ms; target ${targetMs} ms: ${o <= targetMs ? "met" : "MISSED"}`);
  console.log(JSON.stringify({ bench, ours: o, baseline: b, ratio: Math.round((o / b) * 1000) / 1000, unit: "ms" }));
}

/**
 * Times `ours` (a path of the UI built into `dist` by `npm run <build>` when absent) against the
 * route "/baseline.html", alternately, in fresh contexts; `until(page)` resolves to the ms at which
 * the page is done. The process's one error boundary, named `script`.
 */
export function runUiBench(script, options) {
  compare(options).catch((err) => {
    console.error(`${script}: ${err.message}`);
    process.exitCode = 1;
  });
}
