/** The Explorer: facet filters, chart controls, the chart and its table; all state lives in the URL. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { chartQuery, facetsQuery, relativeQuery, type ChartRequest } from "../api/queries";
import { ChartControls } from "../components/ChartControls";
import { ChartPanel } from "../components/ChartPanel";
import { FacetFilters } from "../components/FacetFilters";
import { ErrorMessage, Loading } from "../components/States";
import { inUnit } from "../lib/figures";
import { PRESETS } from "../lib/presets";
import { availableMetrics, isMetric, unitScale, type Metric } from "../lib/units";
import type { ChartData } from "../lib/chartData";
import { baselineChoices, baselineText, choiceValue, geomeanText, relativeAsChart, relativeTitle } from "../lib/relative";
import { decodeState, encodeState, explorerHref, type ExplorerState, type Relative } from "../lib/viewState";

function Presets({ current }: { current: string }) {
  return (
    <nav className="presets" aria-label="Preset views">
      {PRESETS.map((p) => {
        const href = explorerHref(p.state);
        return (
          <Link key={p.id} to={href} aria-current={href === current ? "page" : undefined} data-preset={p.id}>
            {p.title} <span className="note">(seed {p.seed})</span>
          </Link>
        );
      })}
    </nav>
  );
}

function RelativePicker({ chart, state, onChange }: { chart: ChartData; state: ExplorerState; onChange: (s: ExplorerState) => void }) {
  const choices = baselineChoices(chart, state.series);
  const current = choiceValue(state.relative);
  const known = choices.some((c) => c.value === current);
  return (
    <label className="relative-to">
      relative to{" "}
      <select
        aria-label="relative to"
        value={current}
        onChange={(e) => onChange({ ...state, relative: choices.find((c) => c.value === e.target.value)?.relative ?? null })}
      >
        <option value="">(absolute values)</option>
        {!known && state.relative !== null && <option value={current}>{baselineText(state.relative, state.series, state.x)}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function RelativeArea({ request, state, relative }: { request: ChartRequest; state: ExplorerState; relative: Relative }) {
  const answer = useQuery(relativeQuery(request, relative));
  if (answer.isPending) return <Loading what="the relative chart" />;
  if (answer.isError) return <ErrorMessage error={answer.error} what="the relative chart" />;
  const baseline = baselineText(relative, state.series, state.x);
  const info = { title: relativeTitle(request.metric, baseline), note: geomeanText(answer.data, state.series) };
  return <ChartPanel chart={relativeAsChart(answer.data)} state={state} title={`speedup over ${baseline} by ${state.x}`} relative={info} />;
}

function ChartArea({ state, metric, onChange }: { state: ExplorerState; metric: Metric; onChange: (s: ExplorerState) => void }) {
  const request = { filters: state.filters, x: state.x, series: state.series, metric, agg: state.agg };
  const chart = useQuery(chartQuery(request));
  if (chart.isPending) return <Loading what="the chart" />;
  if (chart.isError) return <ErrorMessage error={chart.error} what="the chart" />;
  const unit = unitScale(metric, state.unit);
  return (
    <>
      <RelativePicker chart={chart.data} state={state} onChange={onChange} />
      {state.relative === null ? (
        <ChartPanel chart={inUnit(chart.data, unit.unit, unit.scale)} state={state} title={`${metric} by ${state.x}`} />
      ) : (
        <RelativeArea request={request} state={state} relative={state.relative} />
      )}
    </>
  );
}

export function ExplorerPage() {
  const [params, setParams] = useSearchParams();
  const state = decodeState(params);
  const facets = useQuery(facetsQuery(state.filters));
  const update = (next: ExplorerState) => setParams(encodeState(next));
  const metrics = availableMetrics(facets.data?.metrics);
  const metric = state.metric !== null && (metrics.includes(state.metric) || !facets.data) ? state.metric : metrics[0];
  const dimensions = facets.data?.dimensions.filter((d) => d.values.some((v) => v.value !== null)).map((d) => d.name) ?? [state.x];
  const current = explorerHref(state);
  return (
    <>
      <Presets current={current} />
      <div className="explorer">
        {facets.isError ? (
          <ErrorMessage error={facets.error} what="the filters" />
        ) : facets.isPending ? (
          <Loading what="filters" />
        ) : (
          <FacetFilters facets={facets.data.dimensions} filters={state.filters} onChange={(filters) => update({ ...state, filters })} />
        )}
        <div>
          {metric === undefined || !isMetric(metric) ? (
            facets.isPending ? null : <p className="state empty">No results match these filters. Remove a filter to see more.</p>
          ) : (
            <>
              <ChartControls state={state} metric={metric} metrics={metrics} dimensions={dimensions} onChange={update} />
              {state.metric !== null && state.metric !== metric && (
                <p className="note">No {state.metric} figures under these filters; showing {metric}.</p>
              )}
              <ChartArea state={state} metric={metric} onChange={update} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
