/** Pure figure builders: Read API chart response -> Plotly data + layout. Never touches the DOM. */
import type { Data, Layout } from "plotly.js";
import type { Vocabulary } from "../api/vocabulary";
import {
  categoryText,
  dimensionAxis,
  dimensionOrder,
  dimensionValueText,
  valueAxis,
  type Position,
} from "./axes";
import { caveatHover, isFlagged, isPooled, isSingle } from "./caveats";
import type { ChartData as ChartResponse, ChartPoint, ChartSeries, DimValue } from "./chartData";
import { dimensionLabel, valueText } from "./dimensions";
import { plotText } from "./plotText";
import { digitsApart, formatNumber, isMetric, metricLabel, viewFormatter } from "./units";
import type { ChartKind, Scale } from "./viewState";

export interface Theme {
  foreground: string;
  grid: string;
}

export interface FigureOptions {
  chart: ChartKind;
  scale: Scale;
  seriesDims: string[];
  theme: Theme;
  /** A speedup chart: this y title and a reference line at 1 (the baseline). */
  relativeTitle?: string;
}

export interface ErrorBarRule {
  show: boolean;
  kind: string | null;
  note: string | null;
}

export interface Figure {
  data: Data[];
  layout: Partial<Layout>;
  errorBars: ErrorBarRule;
  logY: boolean;
  /** Where a numeric x value sits on the x axis (null: x is categories). */
  xPosition: Position | null;
  /** Each trace's colour by its legend name, for overlays drawn in the colour of their series. */
  colors: Map<string, string>;
}

const LOG_SPREAD = 100;
/** Above this many points SVG markers cost more than they show: draw the lines only. */
const MARKER_LIMIT = 2000;

/** Error bars only where every point that has an error reports the same kind. */
export function errorBarRule(chart: ChartResponse): ErrorBarRule {
  const kinds = new Set<string>();
  for (const s of chart.series) {
    for (const p of s.points) {
      if (p.value !== null && p.error !== null && p.error !== undefined)
        kinds.add(p.error_kind ?? "unknown");
    }
  }
  if (kinds.size === 0) return { show: false, kind: null, note: null };
  const list = [...kinds].sort();
  if (list.length === 1) return { show: true, kind: list[0] ?? null, note: null };
  return {
    show: false,
    kind: null,
    note: `No error bars: the points report different error kinds (${list.join(", ")}).`,
  };
}

export function positiveSpread(values: Array<number | null>): number | null {
  const positive = values.filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  if (positive.length === 0) return null;
  return Math.max(...positive) / Math.min(...positive);
}

export function wantsLogScale(scale: Scale, values: Array<number | null>): boolean {
  if (scale !== "auto") return scale === "log";
  const spread = positiveSpread(values);
  return spread !== null && spread > LOG_SPREAD;
}

/** Union of x values over all series, in the x dimension's order (numeric, version, or as the server sent them). */
export function xOrder(vocabulary: Vocabulary, series: ChartSeries[], x = ""): DimValue[] {
  return dimensionOrder(
    vocabulary,
    x,
    series.flatMap((s) => s.points.map((p) => p.x)),
  );
}

export function seriesLabel(key: Record<string, DimValue>, seriesDims: string[]): string {
  if (seriesDims.length === 0) return "all results";
  return seriesDims.map((dim) => valueText(key[dim])).join(" · ");
}

const COLORS = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#d62728",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#7f7f7f",
  "#bcbd22",
  "#17becf",
];
const PATTERNS = ["", "/", "x", ".", "+", "-"] as const;
const DASHES = ["solid", "dash", "dot", "dashdot", "longdash", "longdashdot"] as const;

export interface SeriesStyle {
  color: string;
  /** With two series dimensions: the second's hatch (bars) or dash (lines); 0 otherwise. */
  variant: number;
}

/**
 * A colour per series (by the first series dimension when two of them tell series apart), hatch or dash by the second.
 * Only dimensions whose value differs between series count (the split ones often share one); with more than two
 * of them every series gets a colour of its own, so no two lines look alike.
 */
export function seriesStyles(series: ChartSeries[], seriesDims: string[]): SeriesStyle[] {
  const varying = seriesDims.filter(
    (dim) => new Set(series.map((s) => valueText(s.key[dim]))).size > 1,
  );
  const [first, second] = varying;
  if (first === undefined || second === undefined || varying.length > 2)
    return series.map((_, i) => ({ color: COLORS[i % COLORS.length] ?? "#1f77b4", variant: 0 }));
  const firsts = [...new Set(series.map((s) => valueText(s.key[first])))];
  const seconds = [...new Set(series.map((s) => valueText(s.key[second])))];
  return series.map((s) => ({
    color: COLORS[firsts.indexOf(valueText(s.key[first])) % COLORS.length] ?? "#1f77b4",
    variant: seconds.indexOf(valueText(s.key[second])),
  }));
}

/** The hover text of a point (Plotly text, what came from data escaped): x, value with its unit and error, n, min-max, what it pooled, its flags. */
function hoverText(
  vocabulary: Vocabulary,
  p: ChartPoint,
  xText: string,
  format: (v: number | null | undefined) => string,
): string {
  const error =
    p.error !== null && p.error !== undefined
      ? ` ± ${format(p.error)} (${plotText(p.error_kind ?? "error")})`
      : "";
  const n =
    p.n === null || p.n === undefined
      ? ""
      : `<br>n=${p.n}${isSingle(p) ? " (a single result)" : ""}`;
  const range =
    p.min !== null && p.min !== undefined && p.n !== 1
      ? `, min ${format(p.min)}, max ${format(p.max)}`
      : "";
  return `${plotText(xText)}: ${format(p.value)}${error}${n}${range}${caveatHover(vocabulary, p)}`;
}

interface TraceContext {
  vocabulary: Vocabulary;
  opts: FigureOptions;
  x: string;
  position: Position | null;
  errors: ErrorBarRule;
  dense: boolean;
  format: (v: number | null | undefined) => string;
}

/** Bars: faded when a single result, outlined when pooled, ⚠ above when flagged. */
function barMarks(points: ChartPoint[], style: SeriesStyle, theme: Theme): Partial<Data> {
  const shape = PATTERNS[style.variant % PATTERNS.length] ?? "";
  return {
    marker: {
      color: style.color,
      opacity: points.map((p) => (isSingle(p) ? 0.45 : 1)),
      line: { color: theme.foreground, width: points.map((p) => (isPooled(p) ? 2.5 : 0)) },
      ...(shape === "" ? {} : { pattern: { shape, fillmode: "overlay", fgcolor: "#ffffff" } }),
    },
    text: points.map((p) => (isFlagged(p) ? "⚠" : "")),
    textposition: "outside",
    cliponaxis: false,
  } as Partial<Data>;
}

/** Lines: an open circle for a single result, an open diamond for a pooled point, ⚠ above a flagged one. */
function lineMarks(points: ChartPoint[], style: SeriesStyle, dense: boolean): Partial<Data> {
  const flagged = points.some(isFlagged);
  const mode = `lines${dense ? "" : "+markers"}${flagged ? "+text" : ""}`;
  return {
    mode,
    line: { color: style.color, dash: DASHES[style.variant % DASHES.length] ?? "solid" },
    marker: {
      color: style.color,
      symbol: points.map((p) =>
        isPooled(p) ? "diamond-open" : isSingle(p) ? "circle-open" : "circle",
      ),
      size: points.map((p) => (isPooled(p) ? 12 : 8)),
      line: { width: 2, color: style.color },
    },
    ...(flagged
      ? { text: points.map((p) => (isFlagged(p) ? "⚠" : "")), textposition: "top center" }
      : {}),
  } as Partial<Data>;
}

function trace(s: ChartSeries, style: SeriesStyle, ctx: TraceContext): Data {
  const present = s.points.filter((p) => p.value !== null);
  const xTexts = present.map((p) => dimensionValueText(ctx.vocabulary, ctx.x, p.x));
  const base = {
    name: plotText(seriesLabel(s.key, ctx.opts.seriesDims)),
    legendgroup: seriesLabel(s.key, ctx.opts.seriesDims),
    x: present.map((p) => (ctx.position ? ctx.position(p.x as number) : categoryText(p.x))),
    customdata: present.map((p) => p.x),
    y: present.map((p) => p.value as number),
    hovertext: present.map((p, i) => hoverText(ctx.vocabulary, p, xTexts[i] ?? "", ctx.format)),
    hovertemplate: "%{hovertext}<extra>%{fullData.name}</extra>",
    error_y: {
      type: "data" as const,
      array: ctx.errors.show ? present.map((p) => p.error ?? Number.NaN) : [],
      visible: ctx.errors.show,
      color: style.color,
      thickness: 1.5,
    },
  };
  if (ctx.opts.chart === "bars")
    return { ...base, ...barMarks(present, style, ctx.opts.theme), type: "bar" } as Data;
  return {
    ...base,
    ...lineMarks(present, style, ctx.dense),
    type: "scatter",
    connectgaps: false,
  } as Data;
}

/** The y values and the ends of their error bars, for the axis ticks. */
function extent(chart: ChartResponse): number[] {
  return chart.series.flatMap((s) =>
    s.points.flatMap((p) =>
      p.value === null ? [] : p.error ? [p.value, p.value + p.error, p.value - p.error] : [p.value],
    ),
  );
}

/** The formatter of the chart's values: the metric's unit stepped per value, or a speedup's "×", with the digits its values need to differ. */
function valueFormat(
  vocabulary: Vocabulary,
  chart: ChartResponse,
): (v: number | null | undefined) => string {
  const values = chart.series.flatMap((s) => s.points.map((p) => p.value));
  if (isMetric(vocabulary, chart.metric))
    return viewFormatter(vocabulary, chart.metric, values, chart.scale ?? 1);
  const digits = digitsApart(values);
  return (v) => (v === null || v === undefined ? "—" : `${formatNumber(v, digits)}${chart.unit}`);
}

export function buildFigure(
  vocabulary: Vocabulary,
  chart: ChartResponse,
  opts: FigureOptions,
): Figure {
  const order = xOrder(vocabulary, chart.series, chart.x);
  const x = dimensionAxis(
    vocabulary,
    chart.x,
    order,
    plotText(dimensionLabel(vocabulary, chart.x)),
  );
  const errors = errorBarRule(chart);
  const values = chart.series.flatMap((s) => s.points.map((p) => p.value));
  const logY = wantsLogScale(opts.scale, values);
  const format = valueFormat(vocabulary, chart);
  const yTitle = opts.relativeTitle ?? `${metricLabel(vocabulary, chart.metric)} (${chart.unit})`;
  const legendTitle = plotText(
    [
      opts.seriesDims.map((d) => dimensionLabel(vocabulary, d)).join(" · "),
      errors.show ? `error bars: ${errors.kind}` : "",
    ]
      .filter(Boolean)
      .join(" — "),
  );
  const layout: Partial<Layout> = {
    xaxis: { ...x.axis, gridcolor: opts.theme.grid },
    yaxis: {
      ...valueAxis(
        opts.chart === "bars" ? [0, ...extent(chart)] : extent(chart),
        logY,
        format,
        yTitle,
      ),
      gridcolor: opts.theme.grid,
    },
    barmode: "group",
    showlegend: chart.series.length > 1 || opts.seriesDims.length > 0 || errors.show,
    legend: { title: { text: legendTitle } },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: opts.theme.foreground },
    margin: { t: 24, r: 16, b: 48, l: 64 },
    hovermode: "closest",
    ...(opts.relativeTitle === undefined
      ? {}
      : {
          shapes: [
            {
              type: "line",
              xref: "paper",
              x0: 0,
              x1: 1,
              y0: 1,
              y1: 1,
              line: { color: opts.theme.foreground, dash: "dot", width: 1 },
            },
          ],
        }),
  };
  const styles = seriesStyles(chart.series, opts.seriesDims);
  const ctx: TraceContext = {
    vocabulary,
    opts,
    x: chart.x,
    position: x.position,
    errors,
    dense: values.length > MARKER_LIMIT,
    format,
  };
  const data = chart.series.map((s, i) =>
    trace(s, styles[i] ?? { color: COLORS[0] ?? "", variant: 0 }, ctx),
  );
  const colors = new Map(
    chart.series.map((s, i) => [seriesLabel(s.key, opts.seriesDims), styles[i]?.color ?? ""]),
  );
  return { data, layout, errorBars: errors, logY, xPosition: x.position, colors };
}

/** The chart expressed in a display unit (values, min, max and error divided by the unit's scale). */
export function inUnit(chart: ChartResponse, unit: string, scale: number): ChartResponse {
  const div = (v: number | null | undefined) => (v === null || v === undefined ? null : v / scale);
  return {
    ...chart,
    unit,
    scale,
    series: chart.series.map((s) => ({
      key: s.key,
      points: s.points.map((p) => ({
        ...p,
        value: div(p.value),
        min: div(p.min),
        max: div(p.max),
        error: div(p.error),
      })),
    })),
  };
}
