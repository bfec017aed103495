/** The Explorer: facet filters, chart controls, the chart and its table; all state lives in the URL. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { chartQuery, facetsQuery } from "../api/queries";
import { ChartControls } from "../components/ChartControls";
import { ChartPanel } from "../components/ChartPanel";
import { FacetFilters } from "../components/FacetFilters";
import { ErrorMessage, Loading } from "../components/States";
import { inUnit } from "../lib/figures";
import { PRESETS } from "../lib/presets";
import { availableMetrics, isMetric, unitScale, type Metric } from "../lib/units";
import { decodeState, encodeState, explorerHref, type ExplorerState } from "../lib/viewState";

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

function ChartArea({ state, metric }: { state: ExplorerState; metric: Metric }) {
  const chart = useQuery(chartQuery({ filters: state.filters, x: state.x, series: state.series, metric, agg: state.agg }));
  if (chart.isPending) return <Loading what="the chart" />;
  if (chart.isError) return <ErrorMessage error={chart.error} what="the chart" />;
  const unit = unitScale(metric, state.unit);
  return <ChartPanel chart={inUnit(chart.data, unit.unit, unit.scale)} state={state} title={`${metric} by ${state.x}`} />;
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
              <ChartArea state={state} metric={metric} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
