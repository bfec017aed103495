/** The Matrix view: its URL state, the table it shows (labels, sorted rows, geomean row), its CSV and cell colours. */
import type { MatrixResponse } from "../api/types";
import { csvText } from "./csv";
import { dimensionLabel, isDimension, valueText } from "./dimensions";
import { isDisplayUnit, isMetric, type Metric } from "./units";
import { AGGREGATIONS, type Aggregation, type Filters } from "./viewState";

export interface MatrixState {
  filters: Filters;
  column: string;
  baseline: string | null;
  split: string[];
  metric: Metric | null;
  unit: string | null;
  agg: Aggregation;
  /** "" = identity order; `v:<column>` by value; `s:<column>` by speedup over the baseline. */
  sort: string;
  desc: boolean;
}

export const DEFAULT_MATRIX: MatrixState = {
  filters: {},
  column: "machine",
  baseline: null,
  split: [],
  metric: null,
  unit: null,
  agg: "median",
  sort: "",
  desc: false,
};

export function decodeMatrix(params: URLSearchParams): MatrixState {
  const filters: Filters = {};
  for (const [key, value] of params) {
    if (key.startsWith("f.") && isDimension(key.slice(2))) (filters[key.slice(2)] ??= []).push(value);
  }
  const column = params.get("column");
  const metric = params.get("metric");
  const unit = params.get("unit");
  const agg = params.get("agg");
  const sort = params.get("sort");
  return {
    filters,
    column: column !== null && isDimension(column) ? column : DEFAULT_MATRIX.column,
    baseline: params.get("baseline"),
    split: params.getAll("split").filter(isDimension),
    metric: metric !== null && isMetric(metric) ? metric : null,
    unit: unit !== null && isDisplayUnit(unit) ? unit : null,
    agg: agg !== null && (AGGREGATIONS as readonly string[]).includes(agg) ? (agg as Aggregation) : DEFAULT_MATRIX.agg,
    sort: sort !== null && /^[vs]:/.test(sort) ? sort : "",
    desc: params.get("desc") === "1",
  };
}

/** Canonical URL form: filters sorted by key, defaults left out. */
export function encodeMatrix(state: MatrixState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(state.filters).sort()) {
    for (const value of state.filters[key] ?? []) params.append(`f.${key}`, value);
  }
  if (state.column !== DEFAULT_MATRIX.column) params.set("column", state.column);
  if (state.baseline !== null) params.set("baseline", state.baseline);
  for (const dim of state.split) params.append("split", dim);
  if (state.metric !== null) params.set("metric", state.metric);
  if (state.unit !== null) params.set("unit", state.unit);
  if (state.agg !== DEFAULT_MATRIX.agg) params.set("agg", state.agg);
  if (state.sort !== "") params.set("sort", state.sort);
  if (state.desc) params.set("desc", "1");
  return params;
}

type Row = MatrixResponse["rows"][number];
type Cell = Row["cells"][number];

export interface MatrixTable {
  /** Labels of the identity columns, then of the matrix columns. */
  labelHeader: string[];
  columns: string[];
  rows: Array<{ labels: string[]; cells: Cell[] }>;
  geomeans: Array<number | null>;
}

/** Params that tell the rows apart: keys whose value is not the same in every row. */
export function varyingParams(rows: Row[]): string[] {
  const keys = new Set(rows.flatMap((r) => Object.keys(paramsOf(r))));
  return [...keys].filter((k) => new Set(rows.map((r) => valueText(paramsOf(r)[k]))).size > 1).sort();
}

function paramsOf(row: Row): Record<string, unknown> {
  const params = row.key.params;
  return typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
}

const IDENTITY = ["algorithm", "operation", "library"];

/** The table as shown: identity labels (only what the rows do not all share), sorted rows, the geomean row. */
export function matrixTable(matrix: MatrixResponse, state: Pick<MatrixState, "sort" | "desc">): MatrixTable {
  const identity = IDENTITY.filter((k) => k !== matrix.column && new Set(matrix.rows.map((r) => valueText(r.key[k]))).size > 1);
  const shownIdentity = identity.length > 0 || matrix.rows.length === 0 ? identity : IDENTITY.filter((k) => k !== matrix.column).slice(0, 1);
  const params = varyingParams(matrix.rows);
  const labelHeader = [...shownIdentity.map(dimensionLabel), ...params.map((p) => dimensionLabel(`param.${p}`)), ...matrix.split.map(dimensionLabel)];
  const columns = matrix.columns.map((c) => valueText(c.value));
  const rows = matrix.rows.map((r) => ({
    labels: [...shownIdentity.map((k) => valueText(r.key[k])), ...params.map((p) => valueText(paramsOf(r)[p])), ...matrix.split.map((d) => valueText(r.key[d]))],
    cells: r.cells,
  }));
  const index = columns.indexOf(state.sort.slice(2));
  if (index >= 0) {
    const field = state.sort.startsWith("s:") ? "speedup" : "value";
    const sign = state.desc ? -1 : 1;
    const keyed = rows.map((row, i) => ({ row, i, v: row.cells[index]?.[field] ?? null }));
    keyed.sort((a, b) => (a.v === null ? (b.v === null ? a.i - b.i : 1) : b.v === null ? -1 : sign * (a.v - b.v) || a.i - b.i));
    return { labelHeader, columns, rows: keyed.map((k) => k.row), geomeans: matrix.columns.map((c) => c.geomean_speedup) };
  }
  if (state.desc) rows.reverse();
  return { labelHeader, columns, rows, geomeans: matrix.columns.map((c) => c.geomean_speedup) };
}

/** CSV of exactly the shown table: per matrix column its value (in `unit`, divided by `scale`) and its speedup; the geomean row last. */
export function matrixCsv(table: MatrixTable, unit: string, scale: number): string {
  const header = [...table.labelHeader, ...table.columns.flatMap((c) => [`${c} (${unit})`, `${c} speedup`])];
  const rows = table.rows.map((row) => [...row.labels, ...row.cells.flatMap((c) => (c === null ? [null, null] : [c.value / scale, c.speedup ?? null]))]);
  const pad = Math.max(0, table.labelHeader.length - 1);
  const geo = ["geometric mean speedup", ...Array<string>(pad).fill(""), ...table.geomeans.flatMap((g) => [null, g])];
  return csvText([header, ...rows, geo]);
}

/** Diverging colour of a speedup: better green, worse red, strength by log2 distance from 1, full at 4x. */
export function speedupColour(speedup: number | null | undefined): string | undefined {
  if (speedup === null || speedup === undefined || !(speedup > 0) || speedup === 1) return undefined;
  const strength = Math.min(1, Math.abs(Math.log2(speedup)) / 2);
  const percent = Math.round(8 + strength * 47);
  return `color-mix(in srgb, var(${speedup > 1 ? "--better" : "--worse"}) ${percent}%, transparent)`;
}

export function formatSpeedup(speedup: number | null | undefined): string {
  if (speedup === null || speedup === undefined || !Number.isFinite(speedup)) return "";
  return `${speedup >= 10 ? speedup.toFixed(1) : speedup.toFixed(2)}×`;
}
