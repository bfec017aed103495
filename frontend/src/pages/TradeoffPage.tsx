/** Size vs speed: standard sizes of parameter sets against measured speed, Pareto fronts marked; state in the URL. */
import { useQuery } from "@tanstack/react-query";
import { useContext, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { facetsQuery, tradeoffQuery } from "../api/queries";
import type { TradeoffResponse } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { ChartCaveats } from "../components/ChartCaveats";
import { FilterLayout } from "../components/FilterLayout";
import { AggregationPicker, MetricPicker } from "../components/MetricPicker";
import { PlotlyFigure, type PlotHandle } from "../components/PlotlyFigure";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import { CsvButtons } from "../components/CsvButtons";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import { dimensionLabel, isDimension } from "../lib/dimensions";
import {
  decodeTradeoff,
  encodeTradeoff,
  pointCaveats,
  pointLabel,
  sizeLabel,
  standardSizes,
  tradeoffCaveats,
  tradeoffCsv,
  tradeoffFigure,
  type TradeoffState,
} from "../lib/tradeoff";
import { availableMetrics, formatNumber, unitScale, type Metric } from "../lib/units";

function Scatter({ answer, metric }: { answer: TradeoffResponse; metric: Metric }) {
  const vocabulary = useVocabulary();
  const theme = useContext(ThemeContext);
  const plot = useRef<PlotHandle>(null);
  const unit = unitScale(vocabulary, metric, null);
  const figure = useMemo(
    () => tradeoffFigure(vocabulary, answer, unit.scale, unit.unit, CHART_THEMES[theme]),
    [vocabulary, answer, unit.scale, unit.unit, theme],
  );
  const caveats = useMemo(() => tradeoffCaveats(answer), [answer]);
  // the most pooled dimension a filter can pick one value of (a pooled clock is not a filter)
  const most = caveats.pooledDims.find(({ dim }) => isDimension(vocabulary, dim))?.dim;
  if (answer.points.length === 0)
    return (
      <Empty>
        No result under these filters has a standard {sizeLabel(vocabulary, answer.size)} size. Pick
        another size or remove a filter.
      </Empty>
    );
  return (
    <section aria-label="size vs speed">
      <ChartCaveats
        caveats={caveats}
        marks="open markers; what each pooled is on hover and in the table"
      >
        {most !== undefined && (
          <p>Pick one {dimensionLabel(vocabulary, most)} in the filters to see its points alone.</p>
        )}
      </ChartCaveats>
      <PlotlyFigure ref={plot} data={figure.data} layout={figure.layout} label="size vs speed" />
      <p className="note" data-testid="tradeoff-notes">
        Sizes from the standards (FIPS 203/204/205, RFC 8032/7748, SEC 1; ECDSA signatures at their
        DER maximum). Diamonds on the dashed line are the Pareto front of their operation: nothing
        else is both as small and as fast.
        {answer.unsized > 0
          ? ` ${answer.unsized} result identities have no such size and are not shown.`
          : ""}
      </p>
      <div className="toolbar">
        <CsvButtons
          name="cryptobench-size-speed"
          csv={(flavour) => tradeoffCsv(vocabulary, answer, unit.scale, unit.unit, flavour)}
        />
        <button
          type="button"
          onClick={() => void plot.current?.download("png", "cryptobench-size-speed")}
        >
          Save PNG
        </button>
        <button
          type="button"
          onClick={() => void plot.current?.download("svg", "cryptobench-size-speed")}
        >
          Save SVG
        </button>
      </div>
      <TableBox label="sizes and speeds">
        <table data-testid="tradeoff-table">
          <thead>
            <tr>
              <th scope="col">operation</th>
              <th scope="col">point</th>
              <th scope="col" className="num">
                {sizeLabel(vocabulary, answer.size)}
              </th>
              <th scope="col" className="num">
                {unit.unit}
              </th>
              <th scope="col">Pareto front</th>
              <th scope="col">pooled, flagged</th>
            </tr>
          </thead>
          <tbody>
            {answer.points.map((p, i) => (
              <tr key={i}>
                <td>{p.operation ?? "—"}</td>
                <td>{pointLabel(vocabulary, p)}</td>
                <td className="num">{p.size}</td>
                <td className="num" data-value={p.value}>
                  {formatNumber(p.value / unit.scale)}
                </td>
                <td>{p.pareto ? "yes" : ""}</td>
                <td>{pointCaveats(vocabulary, p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}

function Area({ state, metric }: { state: TradeoffState; metric: Metric }) {
  const answer = useQuery(tradeoffQuery(state.filters, metric, state.size, state.agg));
  if (answer.isPending) return <Loading what="sizes and speeds" />;
  if (answer.isError) return <ErrorMessage error={answer.error} what="sizes and speeds" />;
  return <Scatter answer={answer.data} metric={metric} />;
}

export function TradeoffPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const state = decodeTradeoff(vocabulary, params);
  const facets = useQuery(facetsQuery(state.filters));
  const update = (next: TradeoffState) => setParams(encodeTradeoff(vocabulary, next));
  const metrics = availableMetrics(vocabulary, facets.data?.metrics);
  const metric =
    state.metric !== null && (metrics.includes(state.metric) || !facets.data)
      ? state.metric
      : metrics[0];
  return (
    <FilterLayout filters={state.filters} onChange={(filters) => update({ ...state, filters })}>
      {metric === undefined ? (
        facets.isPending ? null : (
          <Empty>No results match these filters. Remove a filter to see more.</Empty>
        )
      ) : (
        <>
          <div className="controls">
            <label>
              size
              <select
                aria-label="size"
                value={state.size}
                onChange={(e) => update({ ...state, size: e.target.value })}
              >
                {standardSizes(vocabulary).map((s) => (
                  <option key={s} value={s}>
                    {sizeLabel(vocabulary, s)}
                  </option>
                ))}
              </select>
            </label>
            <MetricPicker
              label="speed"
              value={metric}
              metrics={metrics}
              onPick={(m) => update({ ...state, metric: m })}
            />
            <AggregationPicker value={state.agg} onPick={(agg) => update({ ...state, agg })} />
          </div>
          <Area state={state} metric={metric} />
        </>
      )}
    </FilterLayout>
  );
}
