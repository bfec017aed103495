/** The size-curve cost model (GET /fit) in the Explorer: which fit a chart gets, its curves in the chart's metric, its table. */
import type { Data } from "plotly.js";
import type { SizeFitsResponse } from "../api/types";
import { dimensionValueText, type Position } from "./axes";
import { seriesLabel } from "./figures";
import { plotText } from "./plotText";
import type { Vocabulary } from "../api/vocabulary";
import { convert, formatNumber, metricFormatter, type Metric } from "./units";

/** Whether GET /fit takes `x`: a dimension giving the bytes one operation processes (the vocabulary's `operation_bytes`). */
export function isFitDimension(vocabulary: Vocabulary, x: string): boolean {
  return vocabulary.dimensions.operation_bytes.includes(x);
}
type Fitted = SizeFitsResponse["series"][number];
type Fit = NonNullable<Fitted["fit"]>;
/** Points along a drawn fit, evenly spaced on the log2 size axis. */
const CURVE_POINTS = 48;

/** The time metric a chart's fit is made in: cycles for cycle metrics, else ns. */
export function fitMetric(metric: Metric): "ns_per_op" | "cycles_per_op" {
  return metric === "cycles_per_op" || metric === "cycles_per_byte" ? "cycles_per_op" : "ns_per_op";
}

/** The fitted time per operation a + b x at x bytes, as the chart's metric (canonical unit) by the vocabulary's conversions; null when it cannot be. */
export function fitValue(
  vocabulary: Vocabulary,
  fit: Fit,
  x: number,
  metric: Metric,
): number | null {
  return convert(vocabulary, fit.a + fit.b * x, fitMetric(metric), metric, { bytes: x });
}

/** R² with 4 decimals; "—" when the server gave no figure. */
function r2Text(r2: number | null | undefined): string {
  return typeof r2 === "number" && Number.isFinite(r2) ? r2.toFixed(4) : "—";
}

/**
 * Dotted curves for the good fits, each in the colour of its series (`colors` by legend name) and in
 * its legend group, R² in its name, in the shown unit (value / scale): smooth over the series' size
 * range on a numeric x axis, at the series' own sizes on a category one.
 */
export function fitTraces(
  vocabulary: Vocabulary,
  fits: SizeFitsResponse,
  metric: Metric,
  scale: number,
  seriesDims: string[],
  colors: Map<string, string>,
  position: Position | null,
): Data[] {
  return fits.series.flatMap((s) => {
    if (s.fit === null || !s.fit.good) return [];
    const fit = s.fit;
    const sizes = s.points
      .map((p) => p.x)
      .filter((x): x is number => typeof x === "number" && x > 0);
    if (sizes.length === 0) return [];
    const [lo, hi] = [Math.log2(Math.min(...sizes)), Math.log2(Math.max(...sizes))];
    const xs = position
      ? Array.from(
          { length: CURVE_POINTS + 1 },
          (_, i) => 2 ** (lo + ((hi - lo) * i) / CURVE_POINTS),
        )
      : sizes;
    const ys = xs.map((x) => fitValue(vocabulary, fit, x, metric));
    if (ys.every((y) => y === null)) return [];
    const label = seriesLabel(s.key, seriesDims);
    return [
      {
        type: "scatter",
        mode: "lines",
        name: `${plotText(label)} fit (R² ${r2Text(fit.r2)})`,
        legendgroup: label,
        x: position ? xs.map(position) : xs.map(String),
        y: ys.map((y) => (y === null ? null : y / scale)),
        line: { dash: "dot", width: 2, color: colors.get(label) ?? "#7f7f7f" },
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

/** One row per series: the fixed cost, the asymptotic throughput, the half-performance size, R². */
export function fitRows(
  vocabulary: Vocabulary,
  fits: SizeFitsResponse,
  seriesDims: string[],
): FitRow[] {
  const ns = fits.metric === "ns_per_op";
  const fixedCost = metricFormatter(vocabulary, ns ? "ns_per_op" : "cycles_per_op");
  const throughput = metricFormatter(vocabulary, "bytes_per_s");
  return fits.series.map((s) => {
    const fit = s.fit;
    const label = seriesLabel(s.key, seriesDims);
    if (fit === null)
      return { series: label, fixed: "—", throughput: "—", halfSize: "—", r2: "—", drawn: false };
    const perByte = fit.bytes_per_unit;
    return {
      series: label,
      fixed: fixedCost(fit.a).replace(/\/op$/, ""),
      throughput:
        perByte === null
          ? "—"
          : ns
            ? throughput(perByte * 1e9)
            : `${formatNumber(perByte)} B/cycle`,
      halfSize:
        fit.half_size === null ? "—" : dimensionValueText(vocabulary, fits.x, fit.half_size),
      r2: r2Text(fit.r2),
      drawn: fit.good,
    };
  });
}
