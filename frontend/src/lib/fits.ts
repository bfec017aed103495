/** The size-curve cost model (GET /fit) in the Explorer: which fit a chart gets, its curves in the chart's metric, its table. */
import type { Data } from "plotly.js";
import type { SizeFitsResponse } from "../api/types";
import { seriesLabel } from "./figures";
import type { Metric } from "./units";

export const SIZE_DIMENSIONS = ["param.block_bytes", "param.message_bytes"];
type Fitted = SizeFitsResponse["series"][number];
type Fit = NonNullable<Fitted["fit"]>;

/** The time metric a chart's fit is made in: cycles for cycle metrics, else ns. */
export function fitMetric(metric: Metric): "ns_per_op" | "cycles_per_op" {
  return metric === "cycles_per_op" || metric === "cycles_per_byte" ? "cycles_per_op" : "ns_per_op";
}

/** The fitted time per operation a + b x, as the chart's metric (canonical unit). */
export function fitValue(fit: Fit, x: number, metric: Metric): number {
  const t = fit.a + fit.b * x;
  if (metric === "ops_per_s") return 1e9 / t;
  if (metric === "bytes_per_s") return (x * 1e9) / t;
  if (metric === "cycles_per_byte") return t / x;
  return t;
}

/** Dotted curves for the good fits, at the series' own sizes, in the shown unit (value / scale). */
export function fitTraces(fits: SizeFitsResponse, metric: Metric, scale: number, seriesDims: string[], color: string): Data[] {
  return fits.series.flatMap((s) => {
    if (s.fit === null || !s.fit.good) return [];
    const fit = s.fit;
    const xs = s.points.map((p) => p.x).filter((x): x is number => typeof x === "number");
    return [
      {
        type: "scatter",
        mode: "lines",
        name: `${seriesLabel(s.key, seriesDims)} fit (R² ${fit.r2.toFixed(4)})`,
        x: xs.map(String),
        y: xs.map((x) => fitValue(fit, x, metric) / scale),
        line: { dash: "dot", width: 1.5, color },
        hoverinfo: "skip",
      } as Data,
    ];
  });
}

export interface FitRow {
  series: string;
  fixed: string;
  throughput: string;
  halfSize: string;
  r2: string;
  drawn: boolean;
}

function si(value: number, unit: string): string {
  const steps: Array<[number, string]> = [[1e9, "G"], [1e6, "M"], [1e3, "k"], [1, ""]];
  const [factor, prefix] = steps.find(([f]) => Math.abs(value) >= f) ?? [1, ""];
  return `${(value / factor).toPrecision(3)} ${prefix}${unit}`;
}

function duration(ns: number): string {
  const steps: Array<[number, string]> = [[1e9, "s"], [1e6, "ms"], [1e3, "µs"], [1, "ns"]];
  const [factor, unit] = steps.find(([f]) => Math.abs(ns) >= f) ?? [1, "ns"];
  return `${(ns / factor).toPrecision(3)} ${unit}`;
}

/** One row per series: the fixed cost, the asymptotic throughput, the half-performance size, R². */
export function fitRows(fits: SizeFitsResponse, seriesDims: string[]): FitRow[] {
  const ns = fits.metric === "ns_per_op";
  return fits.series.map((s) => {
    const fit = s.fit;
    const label = seriesLabel(s.key, seriesDims);
    if (fit === null) return { series: label, fixed: "—", throughput: "—", halfSize: "—", r2: "—", drawn: false };
    const perByte = fit.bytes_per_unit;
    return {
      series: label,
      fixed: ns ? duration(fit.a) : si(fit.a, "cycles"),
      throughput: perByte === null ? "—" : ns ? si(perByte * 1e9, "B/s") : `${perByte.toPrecision(3)} B/cycle`,
      halfSize: fit.half_size === null ? "—" : si(fit.half_size, "B"),
      r2: fit.r2.toFixed(4),
      drawn: fit.good,
    };
  });
}
