/** One chart: figure, notes, exports (CSV, PNG, SVG) and the table with the same numbers. */
import type { Data } from "plotly.js";
import { useCallback, useContext, useMemo, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { useVocabulary } from "../api/vocabulary";
import type { Position } from "../lib/axes";
import { chartCaveats } from "../lib/caveats";
import type { ChartData as ChartResponse } from "../lib/chartData";
import { CsvButtons } from "./CsvButtons";
import { pointOf, rowPoint } from "../lib/drilldown";
import { buildFigure } from "../lib/figures";
import { chartHistoryHref } from "../lib/history";
import { isMetric, metricLabel } from "../lib/units";
import { chartRows, rowsToCsv, tableHeader } from "../lib/table";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import type { ExplorerState, PointRef } from "../lib/viewState";
import { ChartCaveats } from "./ChartCaveats";
import { DataTable } from "./DataTable";
import { PlotlyFigure, type ClickedPoint, type PlotHandle } from "./PlotlyFigure";
import { Empty } from "./States";

interface Props {
  chart: ChartResponse;
  state: ExplorerState;
  title: string;
  /** A speedup chart: its y title and the note on its geometric means. */
  relative?: { title: string; note: string };
  /** Traces drawn over the chart's own (e.g. fitted curves), given each series' colour by legend name and whether x is numeric. */
  overlay?: (colors: Map<string, string>, xPosition: Position | null) => Data[];
  /** A click on a point of the chart's own traces, or on its row's button in the table, opens it (what is behind it). */
  onPoint: (point: PointRef) => void;
  /** What is behind the open point, between the chart and its table. */
  detail?: ReactNode;
  /** Adds a pooled dimension to the series ("split by machine"). */
  onSplit?: (dim: string) => void;
  /** A caveat of the view itself (a preset's), shown with the data's own. */
  caveat?: ReactNode;
}

/** The view as asked for: History splits what varies within a run itself, not what varied within a chart point (library versions, ...). */
const requested = (state: ExplorerState, split: string[] | undefined): ExplorerState => ({
  ...state,
  series: state.series.filter((d) => !split?.includes(d)),
});

export function ChartPanel({
  chart,
  state,
  title,
  relative,
  overlay,
  onPoint,
  detail,
  onSplit,
  caveat,
}: Props) {
  const vocabulary = useVocabulary();
  const theme = useContext(ThemeContext);
  const plot = useRef<PlotHandle>(null);
  const figure = useMemo(
    () =>
      buildFigure(vocabulary, chart, {
        chart: state.chart,
        scale: state.scale,
        seriesDims: state.series,
        theme: CHART_THEMES[theme],
        relativeTitle: relative?.title,
      }),
    [vocabulary, chart, state.chart, state.scale, state.series, theme, relative?.title],
  );
  const caveats = useMemo(() => chartCaveats(chart.series), [chart.series]);
  const data = useMemo(
    () => (overlay ? [...figure.data, ...overlay(figure.colors, figure.xPosition)] : figure.data),
    [figure, overlay],
  );
  const header = useMemo(
    () => tableHeader(vocabulary, chart, state.series),
    [vocabulary, chart, state.series],
  );
  const rows = useMemo(
    () => chartRows(vocabulary, chart, state.series),
    [vocabulary, chart, state.series],
  );
  const metric = !relative && isMetric(vocabulary, chart.metric) ? chart.metric : null;
  const openPoint = useCallback(
    (point: ClickedPoint) => {
      const series = chart.series[point.curveNumber];
      if (series) onPoint(pointOf(point.customdata, series.key, state.series));
    },
    [chart.series, onPoint, state.series],
  );
  const plotted = rows.filter((r) => r.value !== null).length;
  if (rows.length === 0)
    return <Empty>No results match these filters. Remove a filter or pick another metric.</Empty>;
  const missing = rows.length - plotted;
  return (
    <section aria-label="chart">
      <ChartCaveats
        caveats={caveats}
        onSplit={onSplit}
        replaces={state.series.length >= 2 ? state.series[1] : undefined}
      >
        {caveat}
      </ChartCaveats>
      <PlotlyFigure
        ref={plot}
        data={data}
        layout={figure.layout}
        label={title}
        onPointClick={openPoint}
      />
      <p className="note" data-testid="chart-notes">
        {relative ? `${relative.note} ` : ""}
        {figure.logY ? "Logarithmic y axis. " : ""}
        {figure.errorBars.show
          ? `Error bars: ${figure.errorBars.kind}, the tool's own error. `
          : ""}
        {figure.errorBars.note ?? ""}
        {caveats.singlePoints > 0
          ? ` ${caveats.singlePoints} point(s) rest on a single result (n=1: ${state.chart === "bars" ? "faded bars" : "open circles"}).`
          : ""}
        {missing > 0
          ? ` ${missing} point(s) have no ${metricLabel(vocabulary, chart.metric)} figure (not derivable) and are not plotted.`
          : ""}
        {plotted === 0 ? " Nothing to plot for this metric." : ""}
      </p>
      <div className="toolbar">
        {metric !== null && (
          <Link
            to={chartHistoryHref(requested(state, chart.split), metric)}
            title="Click a point of the chart for what is behind it and its history alone"
          >
            Show history of these series
          </Link>
        )}
        <CsvButtons
          name="cryptobench-chart"
          csv={(flavour) => rowsToCsv(vocabulary, header, rows, flavour)}
        />
        <button
          type="button"
          onClick={() => void plot.current?.download("png", "cryptobench-chart")}
        >
          Save PNG
        </button>
        <button
          type="button"
          onClick={() => void plot.current?.download("svg", "cryptobench-chart")}
        >
          Save SVG
        </button>
      </div>
      {detail}
      <DataTable header={header} rows={rows} onOpen={(row) => onPoint(rowPoint(row))} />
    </section>
  );
}
