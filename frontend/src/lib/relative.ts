/** "Relative to" in the Explorer: the baseline choices of a chart, and a relative answer as a chart of speedups. */
import type { RelativeResponse } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import type { ChartData, DimValue } from "./chartData";
import { dimensionLabel, valueText } from "./dimensions";
import { seriesLabel } from "./figures";
import { plotText } from "./plotText";
import { metricInfo, type Metric } from "./units";
import type { Relative } from "./viewState";

export interface BaselineChoice {
  value: string;
  label: string;
  relative: Relative;
}

const keyText = (v: DimValue | undefined) => (v === null || v === undefined ? "" : String(v));

/**
 * Choices for a chart: each series (when there are series dimensions), then each x value. A series is named by the
 * requested dimensions `seriesDims` only: against it, each series the server split (machine, ...) is compared with the
 * baseline of its own split values.
 */
export function baselineChoices(
  vocabulary: Vocabulary,
  chart: ChartData,
  seriesDims: string[],
): BaselineChoice[] {
  const series: BaselineChoice[] =
    seriesDims.length === 0
      ? []
      : chart.series.map((s) => {
          const key = seriesDims.map((d) => keyText(s.key[d]));
          return {
            value: `s:${key.join("\u0000")}`,
            label: `series ${seriesLabel(s.key, seriesDims)}`,
            relative: { by: "series", key },
          };
        });
  const uniqueSeries = [...new Map(series.map((c) => [c.value, c])).values()];
  const xs = [
    ...new Map(
      chart.series.flatMap((s) => s.points.map((p) => [keyText(p.x), p.x] as const)),
    ).entries(),
  ];
  const xChoices: BaselineChoice[] = xs.map(([text, x]) => ({
    value: `x:${text}`,
    label: `${dimensionLabel(vocabulary, chart.x)} = ${valueText(x)}`,
    relative: { by: "x", x: text },
  }));
  return [...uniqueSeries, ...xChoices];
}

export function choiceValue(relative: Relative | null): string {
  if (relative === null) return "";
  return relative.by === "x" ? `x:${relative.x}` : `s:${relative.key.join("\u0000")}`;
}

/** What the baseline is, in words, for the axis title and notes. */
export function baselineText(
  vocabulary: Vocabulary,
  relative: Relative,
  seriesDims: string[],
  x: string,
): string {
  if (relative.by === "x") return `${dimensionLabel(vocabulary, x)} = ${relative.x}`;
  return seriesDims.map((_, i) => valueText(relative.key[i] || null)).join(" · ");
}

/** The axis title (Plotly text, the baseline from data escaped): speedup, which side is better, and the metric's own direction. */
export function relativeTitle(vocabulary: Vocabulary, metric: Metric, baseline: string): string {
  const info = metricInfo(vocabulary, metric);
  const direction = info.better === "lower" ? "lower" : "higher";
  return `speedup over ${plotText(baseline)} (> 1 = better)<br>from ${info.label}, where ${direction} is better`;
}

/** The relative answer as a chart: y is the speedup (what its points pooled and flagged kept); min/max/n are not aggregates here, so left out. */
export function relativeAsChart(rel: RelativeResponse): ChartData {
  return {
    metric: "speedup",
    unit: "×",
    x: rel.x,
    split: rel.split,
    series: rel.series.map((s) => ({
      key: s.key,
      points: s.points.map((p) => ({
        x: p.x,
        value: p.speedup,
        min: null,
        max: null,
        n: null,
        error: null,
        error_kind: null,
        pooled: p.pooled,
        flagged: p.flagged,
        flags: p.flags,
      })),
    })),
  };
}

/** Geometric means for the notes: overall, then per series that has one. */
export function geomeanText(rel: RelativeResponse, seriesDims: string[]): string {
  const fmt = (g: number) => `${g.toFixed(3)}×`;
  const per = rel.series
    .filter((s) => s.geomean_speedup !== null)
    .map((s) => `${seriesLabel(s.key, seriesDims)} ${fmt(s.geomean_speedup as number)}`);
  if (rel.geomean_speedup === null) return "No point has a baseline to compare with.";
  return `Geometric mean speedup ${fmt(rel.geomean_speedup)}${per.length > 1 ? ` (${per.join("; ")})` : ""}.`;
}
