/** "What is behind this point?": the runs and results a chart point aggregates, their distributions, CSV. */
import { useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { drilldownQuery, type ChartRequest } from "../api/queries";
import type { DrilldownResponse } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { CsvButtons } from "./CsvButtons";
import {
  BOX_MIN_SAMPLES,
  describeDistribution,
  distributionFigure,
  drilldownCsv,
  keyValues,
  pointText,
  resultLabel,
  summaryText,
} from "../lib/drilldown";
import { formatTime, pointHistoryHref } from "../lib/history";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import { formatNumber, formatReported, metricFormatter, metricInfo, unitScale } from "../lib/units";
import type { ExplorerState, PointRef } from "../lib/viewState";
import { PlotlyFigure, type PlotHandle } from "./PlotlyFigure";
import { ErrorMessage, Loading } from "./States";
import { TableBox } from "./TableBox";

interface Props {
  request: ChartRequest;
  state: ExplorerState;
  point: PointRef;
  onClose: () => void;
}

const pairs = (o: Record<string, unknown>) => keyValues(o, ", ") || "—";

export function DrilldownPanel({ request, state, point, onClose }: Props) {
  const vocabulary = useVocabulary();
  const answer = useQuery(drilldownQuery(request, point));
  const section = useRef<HTMLElement>(null);
  const opened = JSON.stringify(point);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled into view again each time another point opens
  useEffect(() => {
    section.current?.scrollIntoView({ block: "nearest" });
  }, [opened]);
  const key = Object.fromEntries(state.series.map((d, i) => [d, point.key[i] ?? null]));
  return (
    <section ref={section} className="drilldown" aria-label="behind this point">
      <div className="toolbar">
        <h2 className="subhead">Behind {pointText(vocabulary, point, state.x, state.series)}</h2>
        <Link to={pointHistoryHref(state, request.metric, point.x, key)}>
          History of this point
        </Link>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {answer.isPending ? (
        <Loading what="the results behind this point" />
      ) : answer.isError ? (
        <ErrorMessage error={answer.error} what="the results behind this point" />
      ) : (
        <Behind body={answer.data} request={request} state={state} />
      )}
    </section>
  );
}

function Behind({
  body,
  request,
  state,
}: {
  body: DrilldownResponse;
  request: ChartRequest;
  state: ExplorerState;
}) {
  const vocabulary = useVocabulary();
  const theme = useContext(ThemeContext);
  const plot = useRef<PlotHandle>(null);
  const unit = unitScale(vocabulary, request.metric, state.unit);
  const figure = useMemo(
    () =>
      distributionFigure(vocabulary, body.results, {
        scale: unit.scale,
        theme: CHART_THEMES[theme],
        axisTitle: `${metricInfo(vocabulary, request.metric).label} (${unit.unit})`,
        format: metricFormatter(vocabulary, request.metric, unit.scale),
      }),
    [vocabulary, body.results, unit.unit, unit.scale, theme, request.metric],
  );
  const listed =
    body.results.length < body.result_total
      ? ` The newest ${body.results.length} of ${body.result_total} results and ${body.runs.length} of ${body.run_total} runs are listed.`
      : "";
  return (
    <>
      <p data-testid="drilldown-summary">
        {summaryText(vocabulary, body, unit.unit, unit.scale, state.agg)}
        {listed}
      </p>
      {body.results.length > 0 && (
        <>
          <p className="note">
            Box: quartiles of a result's raw samples (whiskers to 1.5 × IQR), every sample drawn;
            with fewer than {BOX_MIN_SAMPLES} samples, the samples alone. Ticks joined by a line:
            the stats the tool reported, labelled (no box where it gave no quartiles). ×: the
            result's own figure. All in {unit.unit}.
          </p>
          <PlotlyFigure
            ref={plot}
            data={figure.data}
            layout={figure.layout}
            label={`distribution of the results behind the point, ${unit.unit}`}
            testId="drilldown-plot"
          />
          <div className="toolbar">
            <CsvButtons
              name="cryptobench-point"
              what=" of these results"
              csv={(flavour) => drilldownCsv(vocabulary, body, unit.unit, unit.scale, flavour)}
            />
            <button
              type="button"
              onClick={() => void plot.current?.download("png", "cryptobench-point")}
            >
              Save distribution PNG
            </button>
            <button
              type="button"
              onClick={() => void plot.current?.download("svg", "cryptobench-point")}
            >
              Save distribution SVG
            </button>
          </div>
          <RunsTable body={body} />
          <ResultsTable body={body} unit={unit.unit} scale={unit.scale} />
        </>
      )}
    </>
  );
}

function RunsTable({ body }: { body: DrilldownResponse }) {
  return (
    <TableBox label="runs behind this point">
      <table data-testid="drilldown-runs">
        <caption className="note">Runs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">machine</th>
            <th scope="col">source</th>
            <th scope="col">tool</th>
            <th scope="col">tags</th>
            <th scope="col" className="num">
              results here
            </th>
            <th scope="col" className="num">
              in the run
            </th>
          </tr>
        </thead>
        <tbody>
          {body.runs.map((r) => (
            <tr key={r.run_id}>
              <td>
                <Link to={`/runs/${encodeURIComponent(r.run_id)}`}>{formatTime(r.started_at)}</Link>
              </td>
              <td>{r.machine.name}</td>
              <td>{r.source}</td>
              <td>{[r.tool.name, r.tool.version].filter(Boolean).join(" ")}</td>
              <td>{pairs(r.tags)}</td>
              <td className="num">{r.point_results}</td>
              <td className="num">{r.result_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

function ResultsTable({
  body,
  unit,
  scale,
}: {
  body: DrilldownResponse;
  unit: string;
  scale: number;
}) {
  const vocabulary = useVocabulary();
  return (
    <TableBox label="results behind this point">
      <table data-testid="drilldown-results">
        <caption className="note">Results, newest run first</caption>
        <thead>
          <tr>
            <th scope="col">result</th>
            <th scope="col">run</th>
            <th scope="col">library</th>
            <th scope="col">params</th>
            <th scope="col" className="num">
              reported
            </th>
            <th scope="col" className="num">
              {unit}
            </th>
            <th scope="col" className="num">
              n
            </th>
            <th scope="col">distribution</th>
          </tr>
        </thead>
        <tbody>
          {body.results.map((r, i) => (
            <tr key={r.id}>
              <td>
                {resultLabel(r, i)}
                {r.flags.length > 0 && (
                  <span className="note"> (flagged: {r.flags.join(", ")})</span>
                )}
              </td>
              <td>
                <Link to={`/runs/${encodeURIComponent(r.run_id)}`}>{formatTime(r.started_at)}</Link>
              </td>
              <td>{[r.library, r.library_version].filter(Boolean).join(" ") || "—"}</td>
              <td>{pairs(r.params)}</td>
              <td className="num">
                {formatReported(vocabulary, r.value, r.unit)}
                {r.error !== null &&
                  ` ± ${formatReported(vocabulary, r.error, r.unit)} (${r.error_kind ?? "error"})`}
              </td>
              <td className="num" data-value={r.figure / scale}>
                {formatNumber(r.figure / scale)}
              </td>
              <td className="num">{r.samples ?? "—"}</td>
              <td>{describeDistribution(r.distribution, r.unit, body.metric)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
