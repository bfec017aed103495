// First paint of a 200-row x 20-column matrix in headless Chromium: ms from navigation to the
// table's 200 rows in the DOM with their cells, on the built UI served with synthetic Read API
// answers (GET /matrix, /facets, /vocabulary), so the figure measures the UI alone. Baseline: a
// bare page fetching the same answer and writing the same table as one innerHTML string.
// Median of 5 fresh contexts each. Target: ours <= 1000 ms. Last line: the JSON result.
import { join } from "node:path";
import { FRONTEND, runUiBench } from "./harness/ui.mjs";

const ROWS = 200;
const COLUMNS = 20;

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

runUiBench("ui_matrix_paint", {
  bench: "ui_matrix_paint_200x20",
  dist: join(FRONTEND, "dist"),
  build: "build",
  routes: {
    "/api/v1/matrix": ["application/json", JSON.stringify(matrixAnswer())],
    "/api/v1/facets": ["application/json", JSON.stringify(FACETS)],
    "/baseline.html": ["text/html", BASELINE_PAGE],
  },
  ours: "/matrix?metric=ns_per_op",
  // ms since navigation start when the table has all its rows (checked every animation frame)
  until: (page) =>
    page
      .waitForFunction((rows) => (document.querySelectorAll("table tbody tr").length >= rows ? performance.now() : false), ROWS, { polling: "raf", timeout: 30_000 })
      .then((handle) => handle.jsonValue()),
  targetMs: 1000,
});
