// Shipped JS of the dashboard, gzip total, vs the full plotly.js-dist-min bundle (gzip) measured in
// the same run. Target: <= 600 kB. Builds frontend/dist first. Last line: the JSON result.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), "..", "frontend");
const TARGET_KB = 600;

const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1000;

execFileSync("npm", ["run", "--silent", "build"], { cwd: FRONTEND, stdio: ["ignore", "ignore", "inherit"] });
const assets = join(FRONTEND, "dist", "assets");
const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
let ours = 0;
for (const f of files) {
  const kb = gzipKb(join(assets, f));
  ours += kb;
  console.log(`${f}: ${kb.toFixed(1)} kB gzip`);
}
const baseline = gzipKb(join(FRONTEND, "node_modules", "plotly.js-dist-min", "plotly.min.js"));
console.log(`plotly.js-dist-min alone: ${baseline.toFixed(1)} kB gzip; target ${TARGET_KB} kB; ours ${ours <= TARGET_KB ? "meets" : "MISSES"} it`);
const round = (x) => Math.round(x * 10) / 10;
console.log(JSON.stringify({ bench: "ui_bundle_gzip", ours: round(ours), baseline: round(baseline), ratio: Math.round((ours / baseline) * 1000) / 1000, unit: "kB" }));
