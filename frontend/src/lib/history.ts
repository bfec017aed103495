/** History view: URL state, the figure (one line per series, change and note markers), readable times. Pure. */
import type { Data, Layout } from "plotly.js";
import type { Change, History, HistoryPoint, HistorySeries } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import { valueAxis } from "./axes";
import { caveatHover, isPooled } from "./caveats";
import { evidenceText, whatChangedText } from "./changes";
import { isDimension, paramKey } from "./dimensions";
import type { Theme } from "./figures";
import { seriesLabel, wantsLogScale } from "./figures";
import { plotText } from "./plotText";
import { timeAxis } from "./timeAxis";
import {
  chartUnit,
  digitsApart,
  formatNumber,
  isMetric,
  metricLabel,
  unitText,
  viewFormatter,
  type Metric,
} from "./units";
import { decodeFilters, filtersUrl, type ExplorerState, type Filters } from "./viewState";
import views from "./views.json";

export type HistoryAxis = "time" | "version";

export interface HistoryState {
  filters: Filters;
  series: string[];
  metric: Metric | null;
  axis: HistoryAxis;
}

/** A time as people read it, in their own zone: "23 Nov 2026, 14:05". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** History opened without a view (views.json): AES-128-CBC encrypt, a line per machine and block size. */
export const DEFAULT_HISTORY: HistoryState = {
  ...(views.history as Omit<HistoryState, "axis">),
  axis: "time",
};

export function decodeHistory(vocabulary: Vocabulary, params: URLSearchParams): HistoryState {
  if (params.size === 0) return DEFAULT_HISTORY;
  const filters = decodeFilters(vocabulary, params);
  const metric = params.get("metric");
  return {
    filters,
    series: params.has("series")
      ? params.getAll("series").filter((d) => isDimension(vocabulary, d))
      : ["machine"],
    metric: metric !== null && isMetric(vocabulary, metric) ? metric : null,
    axis: params.get("axis") === "version" ? "version" : "time",
  };
}

export function encodeHistory(state: HistoryState): URLSearchParams {
  const params = filtersUrl(state.filters);
  for (const dim of state.series) params.append("series", dim);
  if (state.series.length === 0) params.set("series", "");
  if (state.metric !== null) params.set("metric", state.metric);
  if (state.axis !== "time") params.set("axis", state.axis);
  return params;
}

export function historyHref(state: HistoryState): string {
  const query = encodeHistory(state).toString();
  return query ? `/history?${query}` : "/history";
}

/** "Show history of these series": the chart's filters, a line per (x, series) combination. */
export function chartHistoryHref(state: ExplorerState, metric: Metric): string {
  const series = [...new Set([state.x, ...state.series, "machine"])].filter((d) => d !== "run");
  return historyHref({ filters: state.filters, series, metric, axis: "time" });
}

/** The history of one chart point: its x value and series key as filters, a line per machine. */
export function pointHistoryHref(
  state: ExplorerState,
  metric: Metric,
  x: unknown,
  key: Record<string, unknown>,
): string {
  const filters: Filters = { ...state.filters };
  const pinned: Array<[string, unknown]> = [[state.x, x], ...Object.entries(key)];
  for (const [dim, value] of pinned) {
    if (dim !== "run" && value !== null && value !== undefined && value !== "(none)")
      filters[dim] = [String(value)];
  }
  return historyHref({ filters, series: ["machine"], metric, axis: "time" });
}

/** What a change's lineage says about a dimension (undefined: the change does not name it). */
function lineageValue(vocabulary: Vocabulary, change: Change, dim: string): unknown {
  const s = change.series;
  const key = paramKey(vocabulary, dim);
  if (key !== undefined) return s.params[key];
  const fields: Record<string, unknown> = {
    algorithm: s.algorithm,
    operation: s.operation,
    family: s.family,
    library: s.library,
    library_version: s.library_version,
    machine: s.machine,
    source: s.source,
    name: s.name,
    run: change.run_id,
  };
  return fields[dim];
}

/** Whether a change belongs to a history line: its run is on the line and its lineage agrees with the key. */
export function changeOnSeries(
  vocabulary: Vocabulary,
  change: Change,
  series: HistorySeries,
): boolean {
  if (!series.points.some((p) => p.run_id === change.run_id)) return false;
  return Object.entries(series.key).every(([dim, value]) => {
    const own = lineageValue(vocabulary, change, dim);
    return own === undefined || value === null || String(own) === String(value);
  });
}

const isFigure = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v);

/** A change's ratio after/before: "×1.100"; "—" when the server gave no figure. */
export function ratioText(ratio: number | null | undefined): string {
  return isFigure(ratio) ? `×${ratio.toFixed(3)}` : "—";
}

/** "regression ×1.100 (+10.0%), z 12.3 against 1.2% run-to-run noise (8 runs before, 3 after): library_version 3.6.2 → 3.6.3". */
export function changeText(change: Change): string {
  const ratio: number | null | undefined = change.ratio;
  const pct = isFigure(ratio)
    ? ` (${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%)`
    : "";
  const evidence = change.evidence ? `, ${evidenceText(change.evidence)}` : "";
  return `${change.direction} ${ratioText(ratio)}${pct}${evidence}: ${whatChangedText(change.what_changed ?? [])}`;
}

function xOf(point: HistoryPoint, axis: HistoryAxis): string {
  return axis === "time" ? point.started_at : plotText(point.library_version ?? "(none)");
}

function hover(vocabulary: Vocabulary, point: HistoryPoint, format: (v: number) => string): string {
  const notes = point.notes.map((n) => `<br>note: ${plotText(n.text)}`).join("");
  return `${formatTime(point.started_at)}<br>${plotText(point.library_version ?? "")} ${format(point.value)}, n=${point.n}${caveatHover(vocabulary, point)}${notes}`;
}

export interface HistoryFigureOptions {
  axis: HistoryAxis;
  /** Library versions in version order (the server's facet order), for the version axis. */
  versionOrder: string[];
  theme: Theme;
}

/** Lines per series, then one marker trace for regressions, one for improvements and one for notes. */
export function historyFigure(
  vocabulary: Vocabulary,
  history: History,
  changes: Change[],
  opts: HistoryFigureOptions,
): { data: Data[]; layout: Partial<Layout> } {
  const dims = history.series[0] ? Object.keys(history.series[0].key) : [];
  const values = history.series.flatMap((s) => s.points.map((p) => p.value));
  const digits = digitsApart(values);
  const format = isMetric(vocabulary, history.metric)
    ? viewFormatter(vocabulary, history.metric, values)
    : (v: number) => `${formatNumber(v, digits)} ${history.unit}`;
  const data: Data[] = history.series.map((s) => {
    const points = s.points;
    return {
      type: "scatter",
      mode: "lines+markers",
      name: plotText(seriesLabel(s.key as Record<string, string | null>, dims)),
      x: points.map((p) => xOf(p, opts.axis)),
      y: points.map((p) => p.value),
      customdata: points.map((p) => p.run_id),
      text: points.map((p) => hover(vocabulary, p, format)),
      hovertemplate: "%{text}<extra>%{fullData.name}</extra>",
      marker: {
        symbol: points.map((p) => (isPooled(p) ? "diamond-open" : "circle")),
        size: points.map((p) => (isPooled(p) ? 12 : 7)),
        line: { width: points.map((p) => (isPooled(p) ? 2 : 0)) },
      },
    };
  });
  for (const direction of ["regression", "improvement"] as const) {
    const marks = history.series.flatMap((s) =>
      changes
        .filter((c) => c.direction === direction && changeOnSeries(vocabulary, c, s))
        .map((c) => ({
          change: c,
          point: s.points.find((p) => p.run_id === c.run_id) as HistoryPoint,
        })),
    );
    if (marks.length === 0) continue;
    data.push({
      type: "scatter",
      mode: "markers",
      name: direction === "regression" ? "regressions" : "improvements",
      x: marks.map((m) => xOf(m.point, opts.axis)),
      y: marks.map((m) => m.point.value),
      customdata: marks.map((m) => m.change.run_id),
      text: marks.map((m) => plotText(changeText(m.change))),
      hovertemplate: "%{text}<extra></extra>",
      marker: {
        symbol: direction === "regression" ? "triangle-down" : "triangle-up",
        size: 16,
        color: direction === "regression" ? "#d62728" : "#2ca02c",
        line: { width: 1, color: opts.theme.foreground },
      },
    });
  }
  const noted = history.series.flatMap((s) => s.points.filter((p) => p.notes.length > 0));
  if (noted.length > 0) {
    data.push({
      type: "scatter",
      mode: "markers",
      name: "notes",
      x: noted.map((p) => xOf(p, opts.axis)),
      y: noted.map((p) => p.value),
      customdata: noted.map((p) => p.run_id),
      text: noted.map((p) => p.notes.map((n) => plotText(`${n.author}: ${n.text}`)).join("<br>")),
      hovertemplate: "%{text}<extra>note</extra>",
      marker: {
        symbol: "star",
        size: 14,
        color: "#bcbd22",
        line: { width: 1, color: opts.theme.foreground },
      },
    });
  }
  // the title names the unit the values read in, as the Explorer's does (lib/units.chartUnit): "ms/op" over ticks of ms/op, not the canonical ns/op
  const titleUnit = isMetric(vocabulary, history.metric)
    ? chartUnit(vocabulary, history.metric, null, values).unit
    : unitText(history.unit);
  const axisFont = { color: opts.theme.foreground };
  const xaxis: Partial<Layout["xaxis"]> =
    opts.axis === "time"
      ? {
          ...timeAxis(history.series.flatMap((s) => s.points.map((p) => p.started_at))),
          title: { text: "run started" },
          gridcolor: opts.theme.grid,
          color: opts.theme.foreground,
        }
      : {
          title: { text: "library version" },
          type: "category",
          categoryorder: "array",
          categoryarray: opts.versionOrder.map(plotText),
          gridcolor: opts.theme.grid,
          color: opts.theme.foreground,
        };
  return {
    data,
    layout: {
      paper_bgcolor: "rgba(0,0,0,0)",
      plot_bgcolor: "rgba(0,0,0,0)",
      font: axisFont,
      margin: { t: 20, r: 20, b: 60, l: 80 },
      xaxis,
      yaxis: {
        ...valueAxis(
          values,
          wantsLogScale("auto", values),
          format,
          `${metricLabel(vocabulary, history.metric)} (${titleUnit})`,
        ),
        gridcolor: opts.theme.grid,
        color: opts.theme.foreground,
      },
      legend: { orientation: "h", y: -0.2 },
      hovermode: "closest",
    },
  };
}
