import { describe, expect, it } from "vitest";
import type { ChartData as ChartResponse } from "../../src/lib/chartData";
import { buildFigure, errorBarRule, inUnit, positiveSpread, seriesLabel, wantsLogScale, xOrder } from "../../src/lib/figures";
import { JMH_CHART, RSA_CHART } from "./fixtures";

const THEME = { foreground: "#000", grid: "#ccc" };
const OPTS = { chart: "bars" as const, scale: "auto" as const, seriesDims: ["param.padding", "tag.opt_level"], theme: THEME };

describe("buildFigure", () => {
  it("makes one named trace per series with absent values left out, never zero", () => {
    const fig = buildFigure(RSA_CHART, OPTS);
    expect(fig.data.map((d) => d.name)).toEqual(["pkcs1v15 · -O2", "pss · -Os"]);
    const [first, second] = fig.data as Array<{ x: string[]; y: number[]; type: string }>;
    expect(first).toMatchObject({ type: "bar", x: ["2048", "4096"], y: [54_180_000, 207_080_000] });
    expect(second?.x).toEqual(["4096"]);
    expect(second?.y).toEqual([320_580_000]);
  });

  it("orders categorical x numerically across series", () => {
    expect(buildFigure(RSA_CHART, OPTS).layout.xaxis).toMatchObject({ type: "category", categoryarray: ["2048", "4096"] });
  });

  it("uses a linear y axis when the spread is at most 100x and log when asked", () => {
    expect(buildFigure(RSA_CHART, OPTS).layout.yaxis?.type).toBe("linear");
    expect(buildFigure(RSA_CHART, { ...OPTS, scale: "log" }).layout.yaxis?.type).toBe("log");
  });

  it("draws lines without bridging gaps", () => {
    const fig = buildFigure(JMH_CHART, { ...OPTS, chart: "lines", seriesDims: ["param.curve"] });
    expect(fig.data[0]).toMatchObject({ type: "scatter", mode: "lines+markers", connectgaps: false });
  });

  it("shows JMH error bars when every point reports ci99.9", () => {
    const fig = buildFigure(JMH_CHART, { ...OPTS, seriesDims: ["param.curve"] });
    expect(fig.errorBars).toEqual({ show: true, kind: "ci99.9", note: null });
    expect(fig.data[1]).toMatchObject({ error_y: { type: "data", array: [31.179, 3.97], visible: true } });
  });

  it("puts y title in the chart's unit and a dense numeric x on a numeric axis", () => {
    const points = Array.from({ length: 200 }, (_, i) => ({ x: (i + 1) * 16, value: i + 1 }));
    const chart: ChartResponse = { metric: "bytes_per_s", unit: "kB/s", x: "param.block_bytes", series: [{ key: {}, points }] };
    const fig = buildFigure(chart, { ...OPTS, seriesDims: [] });
    expect(fig.layout.yaxis?.title).toEqual({ text: "throughput (kB/s)" });
    expect(fig.layout.xaxis?.type).toBe("log");
    expect(fig.logY).toBe(true);
    expect(fig.data[0]?.name).toBe("all results");
  });
});

describe("errorBarRule", () => {
  it("hides error bars and says why when kinds differ", () => {
    const mixed: ChartResponse = {
      ...JMH_CHART,
      series: [JMH_CHART.series[0]!, { key: {}, points: [{ x: 128, value: 5, error: 1, error_kind: "stddev" }] }],
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
      series: [{ key: {}, points: [{ x: "verify", value: 1 }, { x: "sign", value: 2 }, { x: null, value: 3 }] }],
    };
    expect(xOrder(chart.series)).toEqual(["verify", "sign", null]);
  });

  it("labels a series by its dimension values, marking absent ones", () => {
    expect(seriesLabel({ "param.curve": "secp256k1" }, ["param.curve", "operation"])).toBe("secp256k1 · (none)");
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
    const fig = buildFigure(RSA_CHART, OPTS);
    expect(fig.data[0]).toMatchObject({ marker: { color: "#1f77b4", pattern: { shape: "" } } });
    expect(fig.data[1]).toMatchObject({ marker: { color: "#ff7f0e", pattern: { shape: "/" } } });
    const lines = buildFigure(RSA_CHART, { ...OPTS, chart: "lines" });
    expect(lines.data[1]).toMatchObject({ line: { color: "#ff7f0e", dash: "dash" } });
  });

  it("leave one-dimension series to Plotly's colourway", () => {
    expect(buildFigure(JMH_CHART, { ...OPTS, seriesDims: ["param.curve"] }).data[0]).not.toHaveProperty("marker");
  });
});
