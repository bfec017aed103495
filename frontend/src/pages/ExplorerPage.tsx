/** The Explorer: facet filters, chart controls, the chart and its table; all state lives in the URL. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useCallback, type ReactNode } from "react";
import {
  chartQuery,
  facetsQuery,
  fitQuery,
  relativeQuery,
  type ChartRequest,
} from "../api/queries";
import type { SizeFitsResponse } from "../api/types";
import { useVocabulary, type Vocabulary } from "../api/vocabulary";
import type { Position } from "../lib/axes";
import { fitMetric, fitRows, fitTraces, isFitDimension } from "../lib/fits";
import { ChartControls } from "../components/ChartControls";
import { ChartPanel } from "../components/ChartPanel";
import { DrilldownPanel } from "../components/DrilldownPanel";
import { FilterLayout } from "../components/FilterLayout";
import { TableBox } from "../components/TableBox";
import { ErrorMessage, Loading } from "../components/States";
import { inUnit } from "../lib/figures";
import { PRESETS, type Preset } from "../lib/presets";
import { availableMetrics, chartUnit, isMetric, metricLabel, type Metric } from "../lib/units";
import { dimensionLabel } from "../lib/dimensions";
import type { ChartData } from "../lib/chartData";
import {
  baselineChoices,
  baselineText,
  choiceValue,
  geomeanText,
  relativeAsChart,
  relativeTitle,
} from "../lib/relative";
import {
  decodeState,
  encodeState,
  explorerHref,
  keepPoint,
  splitBy,
  withSplit,
  type ExplorerState,
  type PointRef,
  type Relative,
} from "../lib/viewState";
import { LeakNote } from "../components/LeakNote";

function Presets({ current }: { current: string }) {
  return (
    <nav className="presets" aria-label="Preset views">
      {PRESETS.map((p) => {
        const href = explorerHref(p.state);
        return (
          <Link
            key={p.id}
            to={href}
            aria-current={href === current ? "page" : undefined}
            data-preset={p.id}
          >
            {p.title} <span className="note">(seed {p.seed})</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** The preset a view is (its own view or the one beside other machines). */
function activePreset(current: string): { preset: Preset; others: boolean } | null {
  for (const preset of PRESETS) {
    if (explorerHref(preset.state) === current) return { preset, others: false };
    if (explorerHref(preset.others) === current) return { preset, others: true };
  }
  return null;
}

/** Under a preset: that it shows the seed's machine only, and the link to the seed beside other machines' runs where there are any. */
function PresetScope({ preset, others }: { preset: Preset; others: boolean }) {
  const facets = useQuery(facetsQuery(preset.others.filters));
  const machines =
    facets.data?.dimensions
      .find((d) => d.name === "machine")
      ?.values.filter((v) => v.value !== null && v.count > 0).length ?? 0;
  if (others) {
    return (
      <p className="note" data-testid="preset-scope">
        Seed {preset.seed} ({preset.machine}) beside the runs of other machines, a series per
        machine. <Link to={explorerHref(preset.state)}>the seed&apos;s own runs</Link>
      </p>
    );
  }
  return (
    <p className="note" data-testid="preset-scope">
      Seed {preset.seed}&apos;s own runs only (machine {preset.machine}).{" "}
      {machines > 1 && (
        <Link to={explorerHref(preset.others)} data-preset-others={preset.id}>
          the seed vs runs on other machines ({machines - 1} other machine{machines > 2 ? "s" : ""})
        </Link>
      )}
    </p>
  );
}

function RelativePicker({
  chart,
  state,
  onChange,
}: {
  chart: ChartData;
  state: ExplorerState;
  onChange: (s: ExplorerState) => void;
}) {
  const vocabulary = useVocabulary();
  const choices = baselineChoices(vocabulary, chart, state.series);
  const current = choiceValue(state.relative);
  const known = choices.some((c) => c.value === current);
  return (
    <label className="relative-to">
      relative to{" "}
      <select
        aria-label="relative to"
        value={current}
        onChange={(e) =>
          onChange({
            ...state,
            relative: choices.find((c) => c.value === e.target.value)?.relative ?? null,
          })
        }
      >
        <option value="">(absolute values)</option>
        {!known && state.relative !== null && (
          <option value={current}>
            {baselineText(vocabulary, state.relative, state.series, state.x)}
          </option>
        )}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a chart panel needs to open a point and show what is behind it. */
interface PointProps {
  onPoint: (point: PointRef) => void;
  detail: ReactNode;
  onSplit: (dim: string) => void;
  caveat?: ReactNode;
}

function RelativeArea({
  request,
  state,
  relative,
  ...point
}: { request: ChartRequest; state: ExplorerState; relative: Relative } & PointProps) {
  const vocabulary = useVocabulary();
  const answer = useQuery(relativeQuery(request, relative));
  if (answer.isPending) return <Loading what="the relative chart" />;
  if (answer.isError) return <ErrorMessage error={answer.error} what="the relative chart" />;
  const baseline = baselineText(vocabulary, relative, request.series, state.x);
  const info = {
    title: relativeTitle(vocabulary, request.metric, baseline),
    note: geomeanText(answer.data, state.series),
  };
  return (
    <ChartPanel
      chart={relativeAsChart(answer.data)}
      state={state}
      title={`speedup over ${baseline} by ${dimensionLabel(vocabulary, state.x)}`}
      relative={info}
      {...point}
    />
  );
}

function FittedChart({
  chart,
  request,
  state,
  scale,
  ...point
}: { chart: ChartData; request: ChartRequest; state: ExplorerState; scale: number } & PointProps) {
  const vocabulary = useVocabulary();
  const fits = useQuery(fitQuery(request, fitMetric(request.metric)));
  const drawn = state.chart === "lines" ? fits.data : undefined;
  const overlay = useCallback(
    (colors: Map<string, string>, xPosition: Position | null) =>
      drawn
        ? fitTraces(vocabulary, drawn, request.metric, scale, state.series, colors, xPosition)
        : [],
    [vocabulary, drawn, request.metric, scale, state.series],
  );
  return (
    <>
      <ChartPanel
        chart={chart}
        state={state}
        title={chartTitle(vocabulary, request.metric, state.x)}
        overlay={overlay}
        {...point}
      />
      {fits.isError && <ErrorMessage error={fits.error} what="the cost model" />}
      {fits.data && <CostModel fits={fits.data} state={state} />}
    </>
  );
}

const chartTitle = (vocabulary: Vocabulary, metric: Metric, x: string) =>
  `${metricLabel(vocabulary, metric)} by ${dimensionLabel(vocabulary, x)}`;

function CostModel({ fits, state }: { fits: SizeFitsResponse; state: ExplorerState }) {
  const vocabulary = useVocabulary();
  const rows = fitRows(vocabulary, fits, state.series);
  return (
    <section aria-label="cost model">
      <h2 className="subhead">Cost model: time per operation = a + b × bytes</h2>
      <p className="note">
        Weighted least squares per series (relative residuals). Throughput = 1/b, the asymptotic
        speed; half-performance size = a/b, where the fixed cost equals the per-byte cost. A fit is{" "}
        {state.chart === "lines" ? "drawn" : "drawn in the lines view"} only with three sizes or
        more, a ≥ 0 and R² ≥ {fits.min_r2}.
      </p>
      <TableBox label="cost model">
        <table data-testid="fit-table">
          <thead>
            <tr>
              <th scope="col">series</th>
              <th scope="col" className="num">
                fixed cost a
              </th>
              <th scope="col" className="num">
                throughput 1/b
              </th>
              <th scope="col" className="num">
                half-performance size a/b
              </th>
              <th scope="col" className="num">
                R²
              </th>
              <th scope="col">good fit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.series}>
                <td>{r.series}</td>
                <td className="num">{r.fixed}</td>
                <td className="num">{r.throughput}</td>
                <td className="num">{r.halfSize}</td>
                <td className="num">{r.r2}</td>
                <td>{r.drawn ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}

function ChartArea({
  state,
  metric,
  onChange,
  caveat,
}: {
  state: ExplorerState;
  metric: Metric;
  onChange: (s: ExplorerState) => void;
  caveat?: ReactNode;
}) {
  const vocabulary = useVocabulary();
  const request = {
    filters: state.filters,
    x: state.x,
    series: state.series,
    metric,
    agg: state.agg,
  };
  const chart = useQuery(chartQuery(request));
  if (chart.isPending) return <Loading what="the chart" />;
  if (chart.isError) return <ErrorMessage error={chart.error} what="the chart" />;
  const unit = chartUnit(
    vocabulary,
    metric,
    state.unit,
    chart.data.series.flatMap((s) => s.points.map((p) => p.value)),
  );
  const shown = inUnit(chart.data, unit.unit, unit.scale);
  const drawn = withSplit(state, chart.data.split);
  const point: PointProps = {
    onPoint: (p: PointRef) => onChange({ ...state, point: p }),
    detail: state.point && (
      <DrilldownPanel
        request={{ ...request, series: drawn.series }}
        state={drawn}
        point={state.point}
        onClose={() => onChange({ ...state, point: null })}
      />
    ),
    onSplit: (dim: string) => onChange(splitBy(state, dim)),
    caveat,
  };
  return (
    <>
      <RelativePicker chart={chart.data} state={state} onChange={onChange} />
      {state.relative !== null ? (
        <RelativeArea request={request} state={drawn} relative={state.relative} {...point} />
      ) : isFitDimension(vocabulary, state.x) ? (
        <FittedChart chart={shown} request={request} state={drawn} scale={unit.scale} {...point} />
      ) : (
        <ChartPanel
          chart={shown}
          state={drawn}
          title={chartTitle(vocabulary, metric, state.x)}
          {...point}
        />
      )}
    </>
  );
}

export function ExplorerPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const state = decodeState(vocabulary, params);
  const facets = useQuery(facetsQuery(state.filters));
  const update = (next: ExplorerState) => setParams(encodeState(keepPoint(state, next)));
  const metrics = availableMetrics(vocabulary, facets.data?.metrics);
  const metric =
    state.metric !== null && (metrics.includes(state.metric) || !facets.data)
      ? state.metric
      : metrics[0];
  const dimensions = facets.data?.dimensions
    .filter((d) => d.values.some((v) => v.value !== null))
    .map((d) => d.name) ?? [state.x];
  const current = explorerHref(state);
  const preset = activePreset(current);
  const caveat = preset?.preset.caveat && (
    <p data-testid="preset-caveat">
      Seed {preset.preset.seed}: {preset.preset.caveat}
    </p>
  );
  return (
    <>
      <Presets current={current} />
      {preset && <PresetScope preset={preset.preset} others={preset.others} />}
      <FilterLayout filters={state.filters} onChange={(filters) => update({ ...state, filters })}>
        {metric === undefined || !isMetric(vocabulary, metric) ? (
          facets.isPending ? null : (
            <p className="state empty">
              No results match these filters. Remove a filter to see more.
            </p>
          )
        ) : (
          <>
            <ChartControls
              state={state}
              metric={metric}
              metrics={metrics}
              dimensions={dimensions}
              onChange={update}
            />
            {state.metric !== null && state.metric !== metric && (
              <p className="note">
                No {metricLabel(vocabulary, state.metric)} figures under these filters; showing{" "}
                {metricLabel(vocabulary, metric)}.
              </p>
            )}
            <LeakNote filters={state.filters} />
            <ChartArea state={state} metric={metric} onChange={update} caveat={caveat} />
          </>
        )}
      </FilterLayout>
    </>
  );
}
