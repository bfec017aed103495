// Time from navigation to the first chart drawn, in headless Chromium, with 10,000 points loaded
// (4 series x 2,500 points, lines). The built UI is served with synthetic Read API answers (chart,
// facets, vocabulary) so the figure measures the UI alone. Baseline: a bare page that loads the full plotly.js-dist-min and
// draws the same 10k points from the same API answer. Median of 5 fresh contexts each.
// Target: ours <= 1500 ms. Last line: the JSON result.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FRONTEND, runUiBench } from "./harness/ui.mjs";

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

runUiBench("ui_first_chart", {
  bench: "ui_first_chart_10k",
  // the test build: only it carries the `cryptobench:chart-drawn` mark (see PlotlyFigure.tsx)
  dist: join(FRONTEND, "dist-e2e"),
  build: "build:e2e",
  routes: {
    "/api/v1/chart": ["application/json", JSON.stringify(chartAnswer())],
    "/api/v1/facets": ["application/json", JSON.stringify(FACETS)],
    "/baseline.html": ["text/html", BASELINE_PAGE],
    "/plotly.min.js": ["text/javascript", readFileSync(join(FRONTEND, "node_modules", "plotly.js-dist-min", "plotly.min.js"))],
  },
  ours: "/?x=param.message_bytes&series=library&metric=ns_per_op&chart=lines",
  until: (page) =>
    page.waitForFunction(() => performance.getEntriesByName("cryptobench:chart-drawn")[0]?.startTime, null, { timeout: 30_000 }).then((handle) => handle.jsonValue()),
  targetMs: 1500,
});
