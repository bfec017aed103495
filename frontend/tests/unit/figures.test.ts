import { describe, expect, it } from "vitest";
import type { ChartData as ChartResponse } from "../../src/lib/chartData";
import {
  buildFigure,
  errorBarRule,
  inUnit,
  positiveSpread,
  seriesLabel,
  wantsLogScale,
  xOrder,
} from "../../src/lib/figures";
import { JMH_CHART, RSA_CHART, VOCABULARY } from "./fixtures";

const THEME = { foreground: "#000", grid: "#ccc" };
const OPTS = {
  chart: "bars" as const,
  scale: "auto" as const,
  seriesDims: ["param.padding", "tag.opt_level"],
  theme: THEME,
};

describe("buildFigure", () => {
  it("makes one named trace per series with absent values left out, never zero", () => {
    const fig = buildFigure(VOCABULARY, RSA_CHART, OPTS);
    expect(fig.data.map((d) => d.name)).toEqual(["pkcs1v15 · -O2", "pss · -Os"]);
    const [first, second] = fig.data as Array<{ x: string[]; y: number[]; type: string }>;
    expect(first).toMatchObject({
      type: "bar",
      x: [11, 12],
      customdata: [2048, 4096],
      y: [54_180_000, 207_080_000],
    });
    expect(second?.x).toEqual([12]);
    expect(second?.y).toEqual([320_580_000]);
  });

  it("draws key bits at log2 of their values with a tick at each value, its unit on every tick", () => {
    expect(buildFigure(VOCABULARY, RSA_CHART, OPTS).layout.xaxis).toMatchObject({
      type: "linear",
      tickmode: "array",
      tickvals: [11, 12],
      ticktext: ["2048 bit", "4096 bit"],
      title: { text: "key size (bits), log scale" },
    });
  });

  it("keeps text x values as categories in the server's order", () => {
    const chart: ChartResponse = {
      ...RSA_CHART,
      x: "operation",
      series: [
        {
          key: {},
          points: [
            { x: "verify", value: 1 },
            { x: "sign", value: 2 },
          ],
        },
      ],
    };
    expect(buildFigure(VOCABULARY, chart, OPTS).layout.xaxis).toMatchObject({
      type: "category",
      categoryarray: ["verify", "sign"],
    });
  });

  it("puts a unit on every y tick, in the tick's own step, never Plotly's SI suffix", () => {
    const ms = inUnit(RSA_CHART, "ms/op", 1e6);
    const y = buildFigure(VOCABULARY, ms, OPTS).layout.yaxis;
    expect(y?.title).toEqual({ text: "time per operation (ms/op)" });
    expect(y?.tickmode).toBe("array");
    expect(y?.ticktext).toEqual(["0", "100 ms/op", "200 ms/op", "300 ms/op", "400 ms/op"]);
  });

  it("says on hover the value with its unit, n and min-max", () => {
    const fig = buildFigure(VOCABULARY, inUnit(JMH_CHART, "ops/s", 1), {
      ...OPTS,
      seriesDims: ["param.curve"],
    });
    const hover = (fig.data[1] as { hovertext: string[] }).hovertext[0];
    expect(hover).toMatch(/^128 B: 1\.76 kops\/s ± 31\.2 ops\/s \(ci99\.9\)<br>n=/);
  });

  it("uses a linear y axis when the spread is at most 100x and log when asked", () => {
    expect(buildFigure(VOCABULARY, RSA_CHART, OPTS).layout.yaxis?.type).toBe("linear");
    expect(buildFigure(VOCABULARY, RSA_CHART, { ...OPTS, scale: "log" }).layout.yaxis?.type).toBe(
      "log",
    );
  });

  it("draws lines without bridging gaps", () => {
    const fig = buildFigure(VOCABULARY, JMH_CHART, {
      ...OPTS,
      chart: "lines",
      seriesDims: ["param.curve"],
    });
    expect(fig.data[0]).toMatchObject({
      type: "scatter",
      mode: "lines+markers",
      connectgaps: false,
    });
  });

  it("shows JMH error bars when every point reports ci99.9", () => {
    const fig = buildFigure(VOCABULARY, JMH_CHART, { ...OPTS, seriesDims: ["param.curve"] });
    expect(fig.errorBars).toEqual({ show: true, kind: "ci99.9", note: null });
    expect(fig.data[1]).toMatchObject({
      error_y: { type: "data", array: [31.179, 3.97], visible: true },
    });
  });

  it("puts y title in the chart's unit and a dense numeric x on a numeric axis", () => {
    const points = Array.from({ length: 200 }, (_, i) => ({ x: (i + 1) * 16, value: i + 1 }));
    const chart: ChartResponse = {
      metric: "bytes_per_s",
      unit: "kB/s",
      scale: 1000,
      x: "param.block_bytes",
      series: [{ key: {}, points }],
    };
    const fig = buildFigure(VOCABULARY, chart, { ...OPTS, seriesDims: [] });
    // ticks in kB/s and MB/s: the title names no unit (it named kB/s over MB/s ticks)
    expect(fig.layout.yaxis?.title).toEqual({ text: "throughput" });
    expect(fig.layout.yaxis?.ticktext).toEqual([
      "1 kB/s",
      "3 kB/s",
      "10 kB/s",
      "30 kB/s",
      "100 kB/s",
      "300 kB/s",
      "1 MB/s",
      "3 MB/s",
    ]);
    expect(fig.layout.xaxis).toMatchObject({
      type: "linear",
      tickvals: [4, 5, 6, 7, 8, 9, 10, 11, 12],
    });
    expect(fig.layout.xaxis?.ticktext).toEqual([
      "16 B",
      "32 B",
      "64 B",
      "128 B",
      "256 B",
      "512 B",
      "1 KiB",
      "2 KiB",
      "4 KiB",
    ]);
    expect(fig.logY).toBe(true);
    expect(fig.data[0]?.name).toBe("all results");
  });
});

describe("errorBarRule", () => {
  it("hides error bars and says why when kinds differ", () => {
    const mixed: ChartResponse = {
      ...JMH_CHART,
      series: [
        JMH_CHART.series[0]!,
        { key: {}, points: [{ x: 128, value: 5, error: 1, error_kind: "stddev" }] },
      ],
    };
    expect(errorBarRule(mixed)).toEqual({
      show: false,
      kind: null,
      note: "No error bars: the points report different error kinds (ci99.9, stddev).",
    });
  });

  it("has nothing to say when no point has an error", () => {
    expect(errorBarRule(RSA_CHART)).toEqual({ show: false, kind: null, note: null });
  });
});

describe("scale helpers", () => {
  it("computes the spread over positive values only", () => {
    expect(positiveSpread([2, null, 0, 400])).toBe(200);
    expect(positiveSpread([null, 0])).toBeNull();
  });

  it("defaults to log only above a 100x spread", () => {
    expect(wantsLogScale("auto", [1, 100])).toBe(false);
    expect(wantsLogScale("auto", [1, 100.5])).toBe(true);
    expect(wantsLogScale("linear", [1, 1e6])).toBe(false);
  });

  it("keeps first-seen order for text x values", () => {
    const chart: ChartResponse = {
      ...RSA_CHART,
      series: [
        {
          key: {},
          points: [
            { x: "verify", value: 1 },
            { x: "sign", value: 2 },
            { x: null, value: 3 },
          ],
        },
      ],
    };
    expect(xOrder(VOCABULARY, chart.series, "operation")).toEqual(["verify", "sign", null]);
  });

  it("orders versions as versions: 3.9 before 3.10", () => {
    const series = [
      {
        key: {},
        points: [
          { x: "3.10", value: 1 },
          { x: "3.9", value: 2 },
          { x: "1.1.1g", value: 3 },
        ],
      },
    ];
    expect(xOrder(VOCABULARY, series, "library_version")).toEqual(["1.1.1g", "3.9", "3.10"]);
  });

  it("labels a series by its dimension values, marking absent ones", () => {
    expect(seriesLabel({ "param.curve": "secp256k1" }, ["param.curve", "operation"])).toBe(
      "secp256k1 · (none)",
    );
  });

  it("converts ns/op to ms/op for display", () => {
    const ms = inUnit(RSA_CHART, "ms/op", 1e6);
    expect(ms.unit).toBe("ms/op");
    expect(ms.series[0]?.points.map((p) => p.value)).toEqual([54.18, 207.08]);
    expect(ms.series[1]?.points[1]?.value).toBeNull();
  });
});

describe("two series dimensions", () => {
  it("colour by the first dimension and hatch by the second", () => {
    const fig = buildFigure(VOCABULARY, RSA_CHART, OPTS);
    expect(fig.data[0]).toMatchObject({ marker: { color: "#1f77b4" } });
    expect(fig.data[0]).not.toHaveProperty("marker.pattern");
    expect(fig.data[1]).toMatchObject({ marker: { color: "#ff7f0e", pattern: { shape: "/" } } });
    const lines = buildFigure(VOCABULARY, RSA_CHART, { ...OPTS, chart: "lines" });
    expect(lines.data[1]).toMatchObject({ line: { color: "#ff7f0e", dash: "dash" } });
  });

  it("colour every series apart when the server split more than two dimensions that tell them apart (seed 003 beside other machines)", () => {
    const key = (engine: string, timing: string, version: string | null) => ({
      machine: "bbb",
      library_version: version,
      "tag.engine": engine,
      "tag.timing": timing,
    });
    const point = [{ x: 16, value: 1 }];
    const chart: ChartResponse = {
      metric: "bytes_per_s",
      unit: "B/s",
      x: "param.block_bytes",
      split: ["library_version", "tag.engine", "tag.timing"],
      series: [
        { key: key("none", "cpu", null), points: point },
        { key: key("none", "elapsed", null), points: point },
        { key: key("devcrypto", "cpu", "1.1.1g"), points: point },
      ],
    };
    const dims = ["machine", "library_version", "tag.engine", "tag.timing"];
    const fig = buildFigure(VOCABULARY, chart, { ...OPTS, chart: "lines", seriesDims: dims });
    expect(fig.data.map((d) => (d as { line: { color: string; dash: string } }).line)).toEqual([
      { color: "#1f77b4", dash: "solid" },
      { color: "#ff7f0e", dash: "solid" },
      { color: "#2ca02c", dash: "solid" },
    ]);
  });

  it("give every series its own colour, which fit overlays take by legend name", () => {
    const fig = buildFigure(VOCABULARY, JMH_CHART, { ...OPTS, seriesDims: ["param.curve"] });
    expect(fig.data.map((d) => (d as { marker: { color: string } }).marker.color)).toEqual([
      "#1f77b4",
      "#ff7f0e",
    ]);
    expect([...fig.colors.entries()]).toEqual([
      ["secp256k1", "#1f77b4"],
      ["secp256r1", "#ff7f0e"],
    ]);
  });
});

describe("marks", () => {
  const chart: ChartResponse = {
    metric: "ns_per_op",
    unit: "ns/op",
    x: "library",
    series: [
      {
        key: { library: "ECpy" },
        points: [
          {
            x: "point-add",
            value: 267_983,
            n: 2,
            min: 267_000,
            max: 268_000,
            pooled: { machine: 2 },
          },
          {
            x: "point-mul",
            value: 6_186_594,
            n: 1,
            pooled: {},
            flagged: 1,
            flags: { cpu_time: 1 },
          },
          { x: "y-recovery", value: 389_843, n: 3, pooled: {} },
        ],
      },
    ],
  };

  it("outline pooled bars, fade single results, put ⚠ over flagged ones", () => {
    const bars = buildFigure(VOCABULARY, chart, { ...OPTS, seriesDims: ["library"] }).data[0] as {
      marker: { opacity: number[]; line: { width: number[] } };
      text: string[];
    };
    expect(bars.marker.line.width).toEqual([2.5, 0, 0]);
    expect(bars.marker.opacity).toEqual([1, 0.45, 1]);
    expect(bars.text).toEqual(["", "⚠", ""]);
  });

  it("draw pooled points as open diamonds, single results as open circles, and say so on hover", () => {
    const lines = buildFigure(VOCABULARY, chart, {
      ...OPTS,
      chart: "lines",
      seriesDims: ["library"],
    }).data[0] as { marker: { symbol: string[] }; hovertext: string[]; mode: string };
    expect(lines.marker.symbol).toEqual(["diamond-open", "circle-open", "circle"]);
    expect(lines.mode).toBe("lines+markers+text");
    expect(lines.hovertext[0]).toContain("◇ pooled 2 machines");
    expect(lines.hovertext[1]).toContain("n=1 (a single result)");
    expect(lines.hovertext[1]).toContain("⚠ flagged: cpu time 1");
  });
});
