/**
 * The Matrix: result identities by the values of one dimension, coloured by speedup over a baseline
 * column; what all rows share in one caption, each row by a compact sticky label, any identity
 * dimension movable out of the rows; state in the URL.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { facetsQuery, matrixQuery } from "../api/queries";
import type { MatrixResponse } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { FilterLayout } from "../components/FilterLayout";
import { AggregationPicker, MetricPicker, UnitPicker } from "../components/MetricPicker";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { ChartCaveats } from "../components/ChartCaveats";
import { chartCaveats, flagsText, isFlagged, isPooled, pooledText } from "../lib/caveats";
import { dimensionLabel } from "../lib/dimensions";
import { CsvButtons } from "../components/CsvButtons";
import {
  apartBy,
  decodeMatrix,
  encodeMatrix,
  formatSpeedup,
  matrixCsv,
  matrixTable,
  speedupColour,
  type MatrixState,
  type MatrixTable,
} from "../lib/matrixView";
import { availableMetrics, chartUnit, formatNumber, metricInfo, type Metric } from "../lib/units";
import { LeakNote } from "../components/LeakNote";

interface ControlsProps {
  state: MatrixState;
  metric: Metric;
  metrics: Metric[];
  dimensions: string[];
  onChange: (next: MatrixState) => void;
}

function Controls({ state, metric, metrics, dimensions, onChange }: ControlsProps) {
  const vocabulary = useVocabulary();
  const set = (patch: Partial<MatrixState>) => onChange({ ...state, ...patch });
  const options = (list: string[], current: string) =>
    list.includes(current) || current === "" ? list : [current, ...list];
  return (
    <div className="controls">
      <label>
        columns
        <select
          aria-label="columns"
          value={state.column}
          onChange={(e) =>
            set({
              column: e.target.value,
              baseline: null,
              sort: "",
              pool: state.pool.filter((d) => d !== e.target.value),
            })
          }
        >
          {options(dimensions, state.column).map((d) => (
            <option key={d} value={d}>
              {dimensionLabel(vocabulary, d)}
            </option>
          ))}
        </select>
      </label>
      <label>
        rows also by
        <select
          aria-label="rows also by"
          value={state.split[0] ?? ""}
          onChange={(e) => set({ split: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">(identity only)</option>
          {options(dimensions, state.split[0] ?? "")
            .filter((d) => d !== state.column)
            .map((d) => (
              <option key={d} value={d}>
                {dimensionLabel(vocabulary, d)}
              </option>
            ))}
        </select>
      </label>
      <MetricPicker
        value={metric}
        metrics={metrics}
        onPick={(m) => set({ metric: m, unit: null })}
      />
      <UnitPicker
        metric={metric}
        value={state.unit}
        auto="auto (per table)"
        onPick={(unit) => set({ unit })}
      />
      <AggregationPicker value={state.agg} onPick={(agg) => set({ agg })} />
    </div>
  );
}

function SortButton({
  state,
  sort,
  label,
  onChange,
}: {
  state: MatrixState;
  sort: string;
  label: string;
  onChange: (s: MatrixState) => void;
}) {
  const active = state.sort === sort;
  const arrow = active ? (state.desc ? " ▼" : " ▲") : "";
  return (
    <button
      type="button"
      className="sort"
      aria-pressed={active}
      onClick={() => onChange({ ...state, sort, desc: active ? !state.desc : false })}
    >
      {label}
      {arrow}
    </button>
  );
}

/** The identity dimensions rows are told apart by, each a checkbox: unticked, it is moved out of the rows (`pool`). */
function RowIdentity({
  table,
  state,
  onChange,
}: {
  table: MatrixTable;
  state: MatrixState;
  onChange: (s: MatrixState) => void;
}) {
  const vocabulary = useVocabulary();
  const dims = [...table.varying.filter((d) => !state.split.includes(d)), ...state.pool];
  if (dims.length === 0) return null;
  const toggle = (dim: string, kept: boolean) =>
    onChange({
      ...state,
      pool: kept ? state.pool.filter((d) => d !== dim) : [...state.pool, dim],
      sort: "",
    });
  return (
    <fieldset className="row-identity">
      <legend>Rows tell apart (untick one to compare across it)</legend>
      {dims.map((d) => (
        <label key={d}>
          <input
            type="checkbox"
            checked={!state.pool.includes(d)}
            onChange={(e) => toggle(d, e.target.checked)}
          />{" "}
          {dimensionLabel(vocabulary, d)}
        </label>
      ))}
    </fieldset>
  );
}

/** Columns sharing no row with the baseline, the dimensions that keep them apart, a button moving each out of the rows. */
function Apart({
  matrix,
  table,
  state,
  onChange,
}: {
  matrix: MatrixResponse;
  table: MatrixTable;
  state: MatrixState;
  onChange: (s: MatrixState) => void;
}) {
  const vocabulary = useVocabulary();
  const label = (d: string) => dimensionLabel(vocabulary, d);
  const apart = matrix.columns.flatMap((c, i) => {
    const dims = c.rows > 0 && c.shared === 0 ? apartBy(vocabulary, matrix, i) : [];
    return dims.length > 0 ? [{ column: table.columns[i] ?? "", dims }] : [];
  });
  if (apart.length === 0) return null;
  return (
    <div className="caveats" data-testid="matrix-apart">
      {apart.map(({ column, dims }) => (
        <p key={column}>
          <strong>{column}</strong> shares no row with the baseline{" "}
          <strong>{matrix.baseline}</strong>: their rows differ in {dims.map(label).join(", ")}.{" "}
          {dims.map((d) => (
            <button
              key={d}
              type="button"
              onClick={() => onChange({ ...state, pool: [...state.pool, d], sort: "" })}
            >
              compare across {label(d)}
            </button>
          ))}
        </p>
      ))}
    </div>
  );
}

function GeomeanCell({
  g,
  shared,
  baseline,
}: {
  g: number | null;
  shared: number;
  baseline: boolean;
}) {
  if (baseline) return <td className="num">baseline</td>;
  return (
    <td
      className="num"
      style={{ background: speedupColour(g) }}
      title={`geometric mean of the speedups of the ${shared} rows this column shares with the baseline`}
    >
      {shared === 0 ? "no shared rows" : formatSpeedup(g)}
      {shared > 0 && (
        <span className="speedup">over {shared === 1 ? "1 row" : `${shared} rows`}</span>
      )}
    </td>
  );
}

function MatrixTableView({
  matrix,
  state,
  onChange,
}: {
  matrix: MatrixResponse;
  state: MatrixState;
  onChange: (s: MatrixState) => void;
}) {
  const vocabulary = useVocabulary();
  const label = (d: string) => dimensionLabel(vocabulary, d);
  const metric = matrix.metric as Metric;
  const unit = chartUnit(
    vocabulary,
    metric,
    state.unit,
    matrix.rows.flatMap((r) => r.cells.map((c) => c?.value)),
  );
  const { sort, desc } = state;
  const table = useMemo(
    () => matrixTable(vocabulary, matrix, { sort, desc }),
    [vocabulary, matrix, sort, desc],
  );
  // 4,000 cells: built once per table and unit, not again when the page re-renders for the facets.
  const body = useMemo(
    () => (
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            <th scope="row" title={row.title}>
              {row.label}
            </th>
            {row.cells.map((cell, i) =>
              cell === null ? (
                <td key={i} className="num empty" title="not measured" />
              ) : (
                <td
                  key={i}
                  className="num"
                  style={{ background: speedupColour(cell.speedup) }}
                  data-value={cell.value}
                  data-pooled={
                    isPooled(cell) ? pooledText(vocabulary, cell.pooled ?? {}) : undefined
                  }
                  title={[
                    `n=${cell.n}`,
                    isPooled(cell) ? `pooled ${pooledText(vocabulary, cell.pooled ?? {})}` : "",
                    isFlagged(cell) ? `flagged: ${flagsText(cell.flags ?? {})}` : "",
                  ]
                    .filter(Boolean)
                    .join("; ")}
                >
                  {isPooled(cell) && (
                    <span role="img" aria-label="pooled">
                      ◇{" "}
                    </span>
                  )}
                  {isFlagged(cell) && (
                    <span role="img" aria-label="flagged">
                      ⚠{" "}
                    </span>
                  )}
                  {formatNumber(cell.value / unit.scale)}
                  <span className="speedup">{formatSpeedup(cell.speedup)}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    ),
    [vocabulary, table, unit.scale],
  );
  if (matrix.rows.length === 0)
    return <Empty>No results match these filters. Remove a filter or pick another metric.</Empty>;
  const caveats = chartCaveats([
    {
      key: {},
      points: matrix.rows.flatMap((r) =>
        r.cells.flatMap((c) => (c === null ? [] : [{ ...c, x: null }])),
      ),
    },
  ]);
  const direction = matrix.less_is_better ? "less is better" : "more is better";
  const rowHeader = table.varying.map(label).join(" · ");
  return (
    <section aria-label="matrix">
      <ChartCaveats
        caveats={caveats}
        marks="◇ cells; ⚠ flagged, details on hover"
        onSplit={(dim) => onChange({ ...state, split: [...state.split, dim] })}
      />
      {table.caption.length > 0 && (
        <p className="matrix-caption" data-testid="matrix-caption">
          All rows: {table.caption.map((c) => `${label(c.dim)} ${c.value}`).join(" · ")}
        </p>
      )}
      <p className="note" data-testid="matrix-notes">
        {matrix.rows.length} rows × {matrix.columns.length} columns of{" "}
        {metricInfo(vocabulary, metric).label} in {unit.unit} ({matrix.agg}; {direction}). Colour
        and × = speedup over the baseline {label(matrix.column)} <strong>{matrix.baseline}</strong>:
        above 1 (green) is better, below 1 (red) worse; a column's geometric mean is over the rows
        it shares with the baseline.
      </p>
      <RowIdentity table={table} state={state} onChange={onChange} />
      <Apart matrix={matrix} table={table} state={state} onChange={onChange} />
      <div className="toolbar">
        <label>
          baseline{" "}
          <select
            aria-label="baseline"
            value={matrix.baseline ?? ""}
            onChange={(e) => onChange({ ...state, baseline: e.target.value })}
          >
            {table.columns.includes(matrix.baseline ?? "") ? null : (
              <option>{matrix.baseline}</option>
            )}
            {table.columns.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <CsvButtons
          name="cryptobench-matrix"
          csv={(flavour) => matrixCsv(table, unit.unit, unit.scale, flavour)}
        />
      </div>
      <div className="matrix-scroll" tabIndex={0} role="region" aria-label="matrix table">
        <table className="matrix" data-testid="matrix-table">
          <thead>
            <tr>
              <th scope="col" title={rowHeader}>
                <SortButton state={state} sort="" label="result" onChange={onChange} />
              </th>
              {table.columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="num"
                  data-baseline={c === matrix.baseline ? "" : undefined}
                >
                  <SortButton state={state} sort={`v:${c}`} label={c} onChange={onChange} />
                  <SortButton state={state} sort={`s:${c}`} label="×" onChange={onChange} />
                </th>
              ))}
            </tr>
          </thead>
          {body}
          <tfoot>
            <tr data-testid="geomean-row">
              <th scope="row">geometric mean speedup</th>
              {table.geomeans.map((g, i) => (
                <GeomeanCell
                  key={i}
                  g={g}
                  shared={table.shared[i] ?? 0}
                  baseline={table.columns[i] === matrix.baseline}
                />
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function MatrixArea({
  state,
  metric,
  onChange,
}: {
  state: MatrixState;
  metric: Metric;
  onChange: (s: MatrixState) => void;
}) {
  const matrix = useQuery(
    matrixQuery({
      filters: state.filters,
      column: state.column,
      baseline: state.baseline,
      split: state.split,
      pool: state.pool,
      metric,
      agg: state.agg,
    }),
  );
  if (matrix.isPending) return <Loading what="the matrix" />;
  if (matrix.isError) return <ErrorMessage error={matrix.error} what="the matrix" />;
  return <MatrixTableView matrix={matrix.data} state={state} onChange={onChange} />;
}

export function MatrixPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const state = decodeMatrix(vocabulary, params);
  const facets = useQuery(facetsQuery(state.filters));
  const update = (next: MatrixState) => setParams(encodeMatrix(next));
  const metrics = availableMetrics(vocabulary, facets.data?.metrics);
  const metric =
    state.metric !== null && (metrics.includes(state.metric) || !facets.data)
      ? state.metric
      : metrics[0];
  const usable =
    facets.data?.dimensions.filter((d) => d.values.some((v) => v.value !== null)) ?? [];
  const dimensions = usable.length > 0 ? usable.map((d) => d.name) : [state.column];
  return (
    <FilterLayout filters={state.filters} onChange={(filters) => update({ ...state, filters })}>
      {metric === undefined ? (
        facets.isPending ? null : (
          <Empty>No results match these filters. Remove a filter to see more.</Empty>
        )
      ) : (
        <>
          <Controls
            state={state}
            metric={metric}
            metrics={metrics}
            dimensions={dimensions}
            onChange={update}
          />
          <LeakNote filters={state.filters} />
          <MatrixArea state={state} metric={metric} onChange={update} />
        </>
      )}
    </FilterLayout>
  );
}
