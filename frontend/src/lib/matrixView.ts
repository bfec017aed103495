/**
 * The Matrix view: its URL state, the table it shows (what all rows share as one caption, each
 * row by a compact label of what tells it apart, sorted rows, geomean row over the rows each
 * column shares with the baseline), its CSV and cell colours.
 */
import type { MatrixResponse } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import { dimensionValueText } from "./axes";
import { csvText, type CsvFlavour } from "./csv";
import { dimensionLabel, isDimension, paramDimension, paramKey, valueText } from "./dimensions";
import { isDisplayUnit, isMetric, type Metric } from "./units";
import {
  AGGREGATIONS,
  decodeFilters,
  filtersUrl,
  pick,
  type Aggregation,
  type Filters,
} from "./viewState";

export interface MatrixState {
  filters: Filters;
  column: string;
  baseline: string | null;
  split: string[];
  /** Identity dimensions moved out of the rows (GET /matrix `pool`). */
  pool: string[];
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
  pool: [],
  metric: null,
  unit: null,
  agg: "median",
  sort: "",
  desc: false,
};

export function decodeMatrix(vocabulary: Vocabulary, params: URLSearchParams): MatrixState {
  const filters = decodeFilters(vocabulary, params);
  const dimension = (d: string) => isDimension(vocabulary, d);
  const column = params.get("column");
  const metric = params.get("metric");
  const unit = params.get("unit");
  const sort = params.get("sort");
  return {
    filters,
    column: column !== null && dimension(column) ? column : DEFAULT_MATRIX.column,
    baseline: params.get("baseline"),
    split: params.getAll("split").filter(dimension),
    pool: params.getAll("pool").filter(dimension),
    metric: metric !== null && isMetric(vocabulary, metric) ? metric : null,
    unit: unit !== null && isDisplayUnit(vocabulary, unit) ? unit : null,
    agg: pick(params.get("agg"), AGGREGATIONS, DEFAULT_MATRIX.agg),
    sort: sort !== null && /^[vs]:/.test(sort) ? sort : "",
    desc: params.get("desc") === "1",
  };
}

/** Canonical URL form: filters sorted by key, defaults left out. */
export function encodeMatrix(state: MatrixState): URLSearchParams {
  const params = filtersUrl(state.filters);
  if (state.column !== DEFAULT_MATRIX.column) params.set("column", state.column);
  if (state.baseline !== null) params.set("baseline", state.baseline);
  for (const dim of state.split) params.append("split", dim);
  for (const dim of state.pool) params.append("pool", dim);
  if (state.metric !== null) params.set("metric", state.metric);
  if (state.unit !== null) params.set("unit", state.unit);
  if (state.agg !== DEFAULT_MATRIX.agg) params.set("agg", state.agg);
  if (state.sort !== "") params.set("sort", state.sort);
  if (state.desc) params.set("desc", "1");
  return params;
}

type Row = MatrixResponse["rows"][number];
type Cell = Row["cells"][number];

export interface MatrixRowView {
  /** Per varying dimension, its value's text (the CSV's label columns). */
  labels: string[];
  /** The compact label shown: the varying dimensions' values ("ECDSA · sign · secp256r1 · 128 B"). */
  label: string;
  /** Each varying dimension with its value, for the label's title. */
  title: string;
  cells: Cell[];
}

export interface MatrixTable {
  /** What every row shares: dimension and value text (one caption line above the table). */
  caption: Array<{ dim: string; value: string }>;
  /** The dimensions whose values tell rows apart, in identity order. */
  varying: string[];
  /** Labels of the varying dimensions (the CSV's label columns). */
  labelHeader: string[];
  columns: string[];
  rows: MatrixRowView[];
  geomeans: Array<number | null>;
  /** Per column, the rows it shares with the baseline (what its geomean is over). */
  shared: number[];
}

function paramsOf(row: Row): Record<string, unknown> {
  const params = row.key.params;
  return typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
}

const IDENTITY = ["algorithm", "operation", "library"];

/** A row's value of a dimension: a fixed identity one, `param.<key>` or a split dimension. */
export function rowValue(vocabulary: Vocabulary, row: Row, dim: string): unknown {
  const key = paramKey(vocabulary, dim);
  return key !== undefined ? paramsOf(row)[key] : row.key[dim];
}

/** The dimensions rows are keyed by: the identity they keep, their params' keys (sorted), then `split`. */
function rowDimensions(vocabulary: Vocabulary, rows: Row[], split: string[]): string[] {
  const identity = IDENTITY.filter((d) => rows.some((r) => d in r.key));
  const params = [...new Set(rows.flatMap((r) => Object.keys(paramsOf(r))))]
    .sort()
    .map((k) => paramDimension(vocabulary, k));
  return [...identity, ...params, ...split];
}

function distinct(vocabulary: Vocabulary, rows: Row[], dim: string): Set<string> {
  return new Set(rows.map((r) => valueText(rowValue(vocabulary, r, dim))));
}

/** A value as a label part: sizes with their unit ("16 B", "2048 bit"), absent values left out. */
function part(vocabulary: Vocabulary, dim: string, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return dimensionValueText(vocabulary, dim, typeof value === "number" ? value : String(value));
}

/** The table as shown: a caption of what all rows share, compact row labels, sorted rows, the geomean row. */
export function matrixTable(
  vocabulary: Vocabulary,
  matrix: MatrixResponse,
  state: Pick<MatrixState, "sort" | "desc">,
): MatrixTable {
  const dims = rowDimensions(vocabulary, matrix.rows, matrix.split);
  const varying = dims.filter((d) => distinct(vocabulary, matrix.rows, d).size > 1);
  const value = (r: Row, d: string) => rowValue(vocabulary, r, d);
  const label = (d: string) => dimensionLabel(vocabulary, d);
  const caption = dims
    .filter((d) => !varying.includes(d) && matrix.rows.length > 0)
    .flatMap((d) => {
      const shared = part(vocabulary, d, value(matrix.rows[0] as Row, d));
      return shared === null ? [] : [{ dim: d, value: shared }];
    });
  const named = varying.length > 0 ? varying : caption.map((c) => c.dim);
  const columns = matrix.columns.map((c) => valueText(c.value));
  const rows = matrix.rows.map((r) => ({
    labels: varying.map((d) => valueText(value(r, d))),
    label: named.flatMap((d) => part(vocabulary, d, value(r, d)) ?? []).join(" · "),
    title: named.map((d) => `${label(d)}: ${valueText(value(r, d))}`).join("; "),
    cells: r.cells,
  }));
  const common = {
    caption,
    varying,
    labelHeader: varying.map(label),
    columns,
    geomeans: matrix.columns.map((c) => c.geomean_speedup),
    shared: matrix.columns.map((c) => c.shared),
  };
  const index = columns.indexOf(state.sort.slice(2));
  if (index >= 0) {
    const field = state.sort.startsWith("s:") ? "speedup" : "value";
    const sign = state.desc ? -1 : 1;
    const keyed = rows.map((row, i) => ({ row, i, v: row.cells[index]?.[field] ?? null }));
    keyed.sort((a, b) =>
      a.v === null
        ? b.v === null
          ? a.i - b.i
          : 1
        : b.v === null
          ? -1
          : sign * (a.v - b.v) || a.i - b.i,
    );
    return { ...common, rows: keyed.map((k) => k.row) };
  }
  if (state.desc) rows.reverse();
  return { ...common, rows };
}

/**
 * Why a column shares no row with the baseline: the dimensions whose values in the rows it
 * measured never meet those of the baseline's rows (ECC.py's coordinates are all affine, ECpy's
 * jacobian), so that moving one of them out of the rows lets the two meet. None when the two
 * measured other algorithms or operations: no such move makes them comparable.
 */
export function apartBy(vocabulary: Vocabulary, matrix: MatrixResponse, column: number): string[] {
  const base = matrix.columns.findIndex((c) => valueText(c.value) === matrix.baseline);
  if (base < 0 || base === column) return [];
  const measured = (i: number) =>
    matrix.rows.filter((r) => r.cells[i] !== null && r.cells[i] !== undefined);
  const [mine, theirs] = [measured(column), measured(base)];
  if (mine.length === 0 || theirs.length === 0) return [];
  const dims = rowDimensions(vocabulary, matrix.rows, []).filter((d) => d !== matrix.column);
  const disjoint = dims.filter((d) => {
    const ours = distinct(vocabulary, mine, d);
    return [...distinct(vocabulary, theirs, d)].every((v) => !ours.has(v));
  });
  return disjoint.some((d) => d === "algorithm" || d === "operation") ? [] : disjoint;
}

/** CSV of exactly the shown table: per matrix column its value (in `unit`, divided by `scale`) and its speedup; the geomean row last. */
export function matrixCsv(
  table: MatrixTable,
  unit: string,
  scale: number,
  flavour: CsvFlavour = "spreadsheet",
): string {
  const header = [
    ...(table.varying.length > 0 ? table.labelHeader : ["row"]),
    ...table.columns.flatMap((c) => [`${c} (${unit})`, `${c} speedup`]),
  ];
  const rows = table.rows.map((row) => [
    ...(table.varying.length > 0 ? row.labels : [row.label]),
    ...row.cells.flatMap((c) => (c === null ? [null, null] : [c.value / scale, c.speedup ?? null])),
  ]);
  const pad = Math.max(0, table.labelHeader.length - 1);
  const geo = [
    "geometric mean speedup",
    ...Array<string>(pad).fill(""),
    ...table.geomeans.flatMap((g) => [null, g]),
  ];
  return csvText([header, ...rows, geo], flavour);
}

/** Diverging colour of a speedup: better green, worse red, strength by log2 distance from 1, full at 4x. */
export function speedupColour(speedup: number | null | undefined): string | undefined {
  if (speedup === null || speedup === undefined || !(speedup > 0) || speedup === 1)
    return undefined;
  const strength = Math.min(1, Math.abs(Math.log2(speedup)) / 2);
  const percent = Math.round(8 + strength * 47);
  return `color-mix(in srgb, var(${speedup > 1 ? "--better" : "--worse"}) ${percent}%, transparent)`;
}

export function formatSpeedup(speedup: number | null | undefined): string {
  if (speedup === null || speedup === undefined || !Number.isFinite(speedup)) return "";
  return `${speedup >= 10 ? speedup.toFixed(1) : speedup.toFixed(2)}×`;
}
