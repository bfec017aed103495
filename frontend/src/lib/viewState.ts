/** The Explorer's whole view state and its URL form (permalinks, back/forward). */
import type { Vocabulary } from "../api/vocabulary";
import { isDimension } from "./dimensions";
import views from "./views.json";
import { isDisplayUnit, isMetric, type Metric } from "./units";

export const AGGREGATIONS = ["median", "mean", "min", "max"] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export type Scale = "auto" | "linear" | "log";
export type ChartKind = "bars" | "lines";
export type Filters = Record<string, string[]>;

/** "Relative to": a baseline series (one value per series dimension; "" = absent) or an x value. */
export type Relative = { by: "series"; key: string[] } | { by: "x"; x: string };

/** A chart point opened to see what is behind it: its x value and one value per series dimension (null = absent). */
export interface PointRef {
  x: string | null;
  key: Array<string | null>;
}

export interface ExplorerState {
  filters: Filters;
  x: string;
  series: string[];
  metric: Metric | null;
  unit: string | null;
  agg: Aggregation;
  scale: Scale;
  chart: ChartKind;
  relative: Relative | null;
  point: PointRef | null;
}

export const DEFAULT_STATE: ExplorerState = {
  filters: {},
  x: "algorithm",
  series: [],
  metric: null,
  unit: null,
  agg: "median",
  scale: "auto",
  chart: "bars",
  relative: null,
  point: null,
};

export const MAX_SERIES = 2;

/**
 * The view as drawn: its series dimensions, then those the server split because they varied within a point
 * (a point is one experiment), which every label, table column and open point names too.
 */
export function withSplit(state: ExplorerState, split: string[] | undefined): ExplorerState {
  return split && split.length > 0 ? { ...state, series: [...state.series, ...split] } : state;
}

/**
 * The Explorer opened without a view (views.json, with the presets): a question every point of
 * which is one experiment, AES-128-CBC throughput by block size with a line per machine, so a
 * person's own `cryptobench run openssl` lands beside the seeds.
 */
export const DEFAULT_VIEW: ExplorerState = {
  ...DEFAULT_STATE,
  ...(views.explorer as Partial<ExplorerState>),
};

/** `value` when it is one of `allowed`, else `fallback`: a URL parameter read into a closed set. */
export function pick<T extends string>(
  value: string | null,
  allowed: readonly T[],
  fallback: T,
): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A view's filters in its URL: `f.<dimension>=value`, unknown dimensions left out. */
export function decodeFilters(vocabulary: Vocabulary, params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const [key, value] of params) {
    const dimension = key.slice(2);
    if (key.startsWith("f.") && isDimension(vocabulary, dimension))
      filters[dimension] = [...(filters[dimension] ?? []), value];
  }
  return filters;
}

/** A view's URL, starting with its filters as `f.<dimension>=value`, sorted by dimension (equal filters, equal URLs). */
export function filtersUrl(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of filterParams(filters)) params.append(`f.${key}`, value);
  return params;
}

export function decodeState(vocabulary: Vocabulary, params: URLSearchParams): ExplorerState {
  if (params.size === 0) return DEFAULT_VIEW;
  const filters = decodeFilters(vocabulary, params);
  const x = params.get("x");
  const metric = params.get("metric");
  const unit = params.get("unit");
  const series = params
    .getAll("series")
    .filter((d) => isDimension(vocabulary, d))
    .slice(0, MAX_SERIES);
  const vs = params.getAll("vs");
  const vsX = params.get("vs_x");
  const point = params.getAll("point");
  return {
    filters,
    x: x !== null && isDimension(vocabulary, x) ? x : DEFAULT_STATE.x,
    series,
    metric: metric !== null && isMetric(vocabulary, metric) ? metric : null,
    unit: unit !== null && isDisplayUnit(vocabulary, unit) ? unit : null,
    agg: pick(params.get("agg"), AGGREGATIONS, DEFAULT_STATE.agg),
    scale: pick(params.get("scale"), ["auto", "linear", "log"] as const, DEFAULT_STATE.scale),
    chart: pick(params.get("chart"), ["bars", "lines"] as const, DEFAULT_STATE.chart),
    relative:
      vsX !== null
        ? { by: "x", x: vsX }
        : vs.length > 0 && vs.length === series.length
          ? { by: "series", key: vs }
          : null,
    point:
      point.length >= series.length + 1
        ? { x: point[0] || null, key: point.slice(1).map((v) => v || null) }
        : null,
  };
}

/** Canonical URL form: filters sorted by key, defaults omitted, so equal states give equal URLs. */
export function encodeState(state: ExplorerState): URLSearchParams {
  const params = filtersUrl(state.filters);
  if (state.x !== DEFAULT_STATE.x) params.set("x", state.x);
  for (const dim of state.series) params.append("series", dim);
  if (state.metric !== null) params.set("metric", state.metric);
  if (state.unit !== null) params.set("unit", state.unit);
  if (state.agg !== DEFAULT_STATE.agg) params.set("agg", state.agg);
  if (state.scale !== DEFAULT_STATE.scale) params.set("scale", state.scale);
  if (state.chart !== DEFAULT_STATE.chart) params.set("chart", state.chart);
  if (state.relative?.by === "x") params.set("vs_x", state.relative.x);
  if (state.relative?.by === "series") for (const v of state.relative.key) params.append("vs", v);
  if (state.point !== null)
    for (const v of [state.point.x, ...state.point.key]) params.append("point", v ?? "");
  return params;
}

export function explorerHref(state: ExplorerState): string {
  const query = encodeState(state).toString();
  return query ? `/?${query}` : "/";
}

/** An open point belongs to one chart: new filters, x or series close it (metric, unit and the rest keep it). */
export function keepPoint(previous: ExplorerState, next: ExplorerState): ExplorerState {
  const chart = (s: ExplorerState) =>
    JSON.stringify([filterParams(s.filters).toString(), s.x, s.series]);
  return chart(previous) === chart(next) ? next : { ...next, point: null };
}

/** Filters as the API's query parameters (a key given twice means OR). */
export function filterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(filters).sort()) {
    for (const value of filters[key] ?? []) params.append(key, value);
  }
  return params;
}

export function toggleFilter(filters: Filters, dim: string, value: string): Filters {
  const current = filters[dim] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const copy: Filters = { ...filters };
  if (next.length === 0) delete copy[dim];
  else copy[dim] = next;
  return copy;
}

/** "Split by" a pooled dimension: one more series dimension, or in place of the second when there are two already. */
export function splitBy(state: ExplorerState, dim: string): ExplorerState {
  if (state.series.includes(dim) || state.x === dim) return state;
  const series =
    state.series.length < MAX_SERIES
      ? [...state.series, dim]
      : [...state.series.slice(0, MAX_SERIES - 1), dim];
  return {
    ...state,
    series,
    relative: state.relative?.by === "series" ? null : state.relative,
    point: null,
  };
}
