/** History: one line per series over the runs (time or library version), change markers, notes. */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useContext, useMemo } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { changesQuery, facetsQuery, historyQuery } from "../api/queries";
import type { Change, History } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { FilterChips } from "../components/FilterChips";
import { MetricPicker } from "../components/MetricPicker";
import { PlotlyFigure, type ClickedPoint } from "../components/PlotlyFigure";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { dimensionLabel } from "../lib/dimensions";
import { evidenceText, levelsText, whatChangedText } from "../lib/changes";
import {
  changeOnSeries,
  decodeHistory,
  encodeHistory,
  formatTime,
  historyFigure,
  ratioText,
  type HistoryState,
} from "../lib/history";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import { availableMetrics, metricLabel, type Metric } from "../lib/units";
import { DEFAULT_STATE, explorerHref } from "../lib/viewState";

function ChangesList({ changes }: { changes: Change[] }) {
  const vocabulary = useVocabulary();
  if (changes.length === 0) return <p className="note">No change detected in these series.</p>;
  return (
    <ul className="change-list" aria-label="changes on this history">
      {changes.map((c) => (
        <li key={c.id}>
          <span className={c.direction === "regression" ? "worse" : "better"}>{c.direction}</span>{" "}
          of {c.label} at <Link to={`/runs/${c.run_id}`}>{formatTime(c.started_at)}</Link>:{" "}
          {levelsText(vocabulary, c)} ({ratioText(c.ratio)}); {evidenceText(c.evidence)};{" "}
          {whatChangedText(c.what_changed)}
        </li>
      ))}
    </ul>
  );
}

function Notes({ history }: { history: History }) {
  const seen = new Map<string, { run: string; at: string; text: string; author: string }>();
  for (const s of history.series)
    for (const p of s.points)
      for (const n of p.notes)
        seen.set(String(n.id), { run: p.run_id, at: p.started_at, text: n.text, author: n.author });
  if (seen.size === 0) return null;
  return (
    <>
      <h3>Notes</h3>
      <ul aria-label="notes">
        {[...seen.entries()].map(([id, n]) => (
          <li key={id}>
            <Link to={`/runs/${n.run}`}>{formatTime(n.at)}</Link> — {n.text}{" "}
            <span className="note">({n.author})</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Chart({ state, metric }: { state: HistoryState; metric: Metric }) {
  const vocabulary = useVocabulary();
  const theme = useContext(ThemeContext);
  const navigate = useNavigate();
  const history = useQuery(historyQuery({ filters: state.filters, series: state.series, metric }));
  const changes = useQuery(changesQuery({ filters: state.filters, direction: null, since: null }));
  const facets = useQuery(facetsQuery(state.filters));
  const versionOrder = useMemo(
    () =>
      (facets.data?.dimensions.find((d) => d.name === "library_version")?.values ?? []).map(
        (v) => v.value ?? "(none)",
      ),
    [facets.data],
  );
  const shown = useMemo(
    () =>
      history.data
        ? (changes.data?.changes ?? []).filter((c) =>
            history.data.series.some((s) => changeOnSeries(vocabulary, c, s)),
          )
        : [],
    [vocabulary, history.data, changes.data],
  );
  const figure = useMemo(
    () =>
      history.data
        ? historyFigure(vocabulary, history.data, shown, {
            axis: state.axis,
            versionOrder,
            theme: CHART_THEMES[theme],
          })
        : null,
    [vocabulary, history.data, shown, state.axis, versionOrder, theme],
  );
  const open = useCallback(
    (point: ClickedPoint) => void navigate(`/runs/${String(point.customdata)}`),
    [navigate],
  );
  if (history.isPending || changes.isPending) return <Loading what="the history" />;
  if (history.isError) return <ErrorMessage error={history.error} what="the history" />;
  if (history.data.series.length === 0 || figure === null)
    return (
      <Empty>No runs have {metricLabel(vocabulary, metric)} figures under these filters.</Empty>
    );
  const runs = new Set(history.data.series.flatMap((s) => s.points.map((p) => p.run_id))).size;
  return (
    <section aria-label="history chart">
      <PlotlyFigure
        data={figure.data}
        layout={figure.layout}
        label={`${metricLabel(vocabulary, metric)} over ${runs} runs`}
        onPointClick={open}
      />
      <p className="note" data-testid="history-notes">
        {history.data.series.length} series over {runs} runs; each point is the median of a run's
        results. ▼ regression, ▲ improvement, ★ note; click a point to open its run.
      </p>
      <h3>Changes ({shown.length})</h3>
      {changes.isError ? (
        <ErrorMessage error={changes.error} what="the changes" />
      ) : (
        <ChangesList changes={shown} />
      )}
      <Notes history={history.data} />
    </section>
  );
}

export function HistoryPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const state = decodeHistory(vocabulary, params);
  const facets = useQuery(facetsQuery(state.filters));
  const metrics = availableMetrics(vocabulary, facets.data?.metrics);
  const metric = state.metric ?? metrics[0];
  const update = (next: Partial<HistoryState>) => setParams(encodeHistory({ ...state, ...next }));
  return (
    <>
      <h2>History</h2>
      <FilterChips
        filters={state.filters}
        facets={facets.data?.dimensions ?? []}
        onChange={(filters) => update({ filters })}
      />
      <p>
        {Object.keys(state.filters).length === 0 ? "All results; lines" : "Lines"} by{" "}
        {state.series.length
          ? state.series.map((d) => dimensionLabel(vocabulary, d)).join(" · ")
          : "nothing (one line)"}
        .{" "}
        <Link
          to={explorerHref({
            ...DEFAULT_STATE,
            filters: state.filters,
            series: state.series.slice(0, 2),
          })}
        >
          Open in the Explorer
        </Link>
      </p>
      <div className="controls">
        <MetricPicker value={metric} metrics={metrics} onPick={(m) => update({ metric: m })} />
        <label>
          x axis
          <select
            aria-label="x axis"
            value={state.axis}
            onChange={(e) => update({ axis: e.target.value === "version" ? "version" : "time" })}
          >
            <option value="time">time</option>
            <option value="version">library version</option>
          </select>
        </label>
      </div>
      {facets.isError ? (
        <ErrorMessage error={facets.error} what="the metrics" />
      ) : metric === undefined ? (
        facets.isPending ? (
          <Loading what="the metrics" />
        ) : (
          <Empty>No results match these filters.</Empty>
        )
      ) : (
        <Chart state={state} metric={metric} />
      )}
    </>
  );
}
