/** Pure figure builders: Read API chart response -> Plotly data + layout. Never touches the DOM. */
import type { Data, Layout } from "plotly.js";
import type { ChartData as ChartResponse, ChartPoint, ChartSeries, DimValue } from "./chartData";
import { dimensionLabel, valueText } from "./dimensions";
import { formatNumber, isMetric, metricInfo } from "./units";
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
}

const CATEGORY_LIMIT = 60;
const LOG_SPREAD = 100;
/** Above this many points SVG markers cost more than they show: draw the lines only. */
const MARKER_LIMIT = 2000;

/** Error bars only where every point that has an error reports the same kind. */
export function errorBarRule(chart: ChartResponse): ErrorBarRule {
  const kinds = new Set<string>();
  for (const s of chart.series) {
    for (const p of s.points) {
      if (p.value !== null && p.error !== null && p.error !== undefined) kinds.add(p.error_kind ?? "unknown");
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

function isNumeric(value: DimValue): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Union of x values over all series: numeric order when all are numbers, else first-seen order. */
export function xOrder(series: ChartSeries[]): DimValue[] {
  const seen = new Map<string, DimValue>();
  for (const s of series) for (const p of s.points) if (!seen.has(valueText(p.x))) seen.set(valueText(p.x), p.x);
  const values = [...seen.values()];
  if (values.every(isNumeric)) return values.sort((a, b) => (a as number) - (b as number));
  return values;
}

export function seriesLabel(key: Record<string, DimValue>, seriesDims: string[]): string {
  if (seriesDims.length === 0) return "all results";
  return seriesDims.map((dim) => valueText(key[dim])).join(" · ");
}

const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];
const PATTERNS = ["", "/", "x", ".", "+", "-"] as const;
const DASHES = ["solid", "dash", "dot", "dashdot", "longdash", "longdashdot"] as const;

export interface SeriesStyle {
  color: string;
  variant: number;
}

/** With two series dimensions: colour by the first, hatch (bars) or dash (lines) by the second. */
export function seriesStyles(series: ChartSeries[], seriesDims: string[]): Array<SeriesStyle | null> {
  const [first, second] = seriesDims;
  if (first === undefined || second === undefined) return series.map(() => null);
  const firsts = [...new Set(series.map((s) => valueText(s.key[first])))];
  const seconds = [...new Set(series.map((s) => valueText(s.key[second])))];
  return series.map((s) => ({
    color: COLORS[firsts.indexOf(valueText(s.key[first])) % COLORS.length] ?? "#1f77b4",
    variant: seconds.indexOf(valueText(s.key[second])),
  }));
}

function styled(style: SeriesStyle | null, chart: ChartKind): Partial<Data> {
  if (style === null) return {};
  if (chart === "bars") {
    const shape = PATTERNS[style.variant % PATTERNS.length] ?? "";
    return { marker: { color: style.color, pattern: { shape, fillmode: "overlay", fgcolor: "#ffffff" } } };
  }
  return { line: { color: style.color, dash: DASHES[style.variant % DASHES.length] ?? "solid" }, marker: { color: style.color } };
}

function customData(p: ChartPoint): Array<number | string> {
  return [p.n ?? "—", formatNumber(p.min), formatNumber(p.max)];
}

function trace(s: ChartSeries, opts: FigureOptions, numericX: boolean, errors: ErrorBarRule, dense: boolean, style: SeriesStyle | null): Data {
  const present = s.points.filter((p) => p.value !== null);
  const xs = present.map((p) => (numericX ? (p.x as number) : valueText(p.x)));
  const base = {
    name: seriesLabel(s.key, opts.seriesDims),
    x: xs,
    y: present.map((p) => p.value as number),
    customdata: present.map(customData),
    hovertemplate: "%{x}: %{y:.4~g}<br>n=%{customdata[0]} min=%{customdata[1]} max=%{customdata[2]}<extra>%{fullData.name}</extra>",
    error_y: {
      type: "data" as const,
      array: errors.show ? present.map((p) => p.error ?? Number.NaN) : [],
      visible: errors.show,
      color: opts.theme.foreground,
      thickness: 1.5,
    },
  };
  if (opts.chart === "bars") return { ...base, ...styled(style, "bars"), type: "bar" } as Data;
  return { ...base, ...styled(style, "lines"), type: "scatter", mode: dense ? "lines" : "lines+markers", connectgaps: false } as Data;
}

function xAxis(chart: ChartResponse, order: DimValue[], numericX: boolean, theme: Theme): Partial<Layout["xaxis"]> {
  const common = { title: { text: dimensionLabel(chart.x) }, gridcolor: theme.grid, automargin: true };
  if (numericX) {
    const spread = positiveSpread(order as number[]);
    return { ...common, type: spread !== null && spread > LOG_SPREAD ? "log" : "linear" };
  }
  return { ...common, type: "category", categoryorder: "array", categoryarray: order.map((v) => valueText(v)) };
}

/** x is plotted on a numeric axis only when it is numeric and too dense for categories. */
export function buildFigure(chart: ChartResponse, opts: FigureOptions): Figure {
  const order = xOrder(chart.series);
  const numericX = order.length > CATEGORY_LIMIT && order.every(isNumeric);
  const errors = errorBarRule(chart);
  const values = chart.series.flatMap((s) => s.points.map((p) => p.value));
  const dense = values.length > MARKER_LIMIT;
  const logY = wantsLogScale(opts.scale, values);
  const yTitle = opts.relativeTitle ?? `${isMetric(chart.metric) ? metricInfo(chart.metric).label : chart.metric} (${chart.unit})`;
  const layout: Partial<Layout> = {
    xaxis: xAxis(chart, order, numericX, opts.theme),
    yaxis: { title: { text: yTitle }, type: logY ? "log" : "linear", gridcolor: opts.theme.grid, automargin: true },
    barmode: "group",
    showlegend: chart.series.length > 1 || opts.seriesDims.length > 0,
    legend: { title: { text: opts.seriesDims.map(dimensionLabel).join(" · ") } },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: opts.theme.foreground },
    margin: { t: 24, r: 16, b: 48, l: 64 },
    hovermode: "closest",
    ...(opts.relativeTitle === undefined
      ? {}
      : { shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: 1, y1: 1, line: { color: opts.theme.foreground, dash: "dot", width: 1 } }] }),
  };
  const styles = seriesStyles(chart.series, opts.seriesDims);
  const data = chart.series.map((s, i) => trace(s, opts, numericX, errors, dense, styles[i] ?? null));
  return { data, layout, errorBars: errors, logY };
}

/** The chart expressed in a display unit (values, min, max and error divided by the unit's scale). */
export function inUnit(chart: ChartResponse, unit: string, scale: number): ChartResponse {
  const div = (v: number | null | undefined) => (v === null || v === undefined ? null : v / scale);
  return {
    ...chart,
    unit,
    series: chart.series.map((s) => ({
      key: s.key,
      points: s.points.map((p) => ({ ...p, value: div(p.value), min: div(p.min), max: div(p.max), error: div(p.error) })),
    })),
  };
}
