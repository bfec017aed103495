/** Size vs speed: URL state, the scatter with its Pareto fronts, and the CSV of the shown points. */
import type { Data, Layout } from "plotly.js";
import type { TradeoffResponse } from "../api/types";
import {
  caveatHover,
  chartCaveats,
  flagsText,
  isFlagged,
  isPooled,
  pooledText,
  type Caveats,
} from "./caveats";
import { csvText, type CsvFlavour } from "./csv";
import type { Vocabulary } from "../api/vocabulary";
import { dimensionLabel, paramDimension, valueText } from "./dimensions";
import type { Theme } from "./figures";
import { plotText } from "./plotText";
import { log2Ticks, valueAxis, type Axis } from "./axes";
import {
  formatNumber,
  formatQuantity,
  isMetric,
  metricFormatter,
  metricInfo,
  metricLabel,
  type Metric,
} from "./units";
import {
  AGGREGATIONS,
  decodeFilters,
  filtersUrl,
  pick,
  type Aggregation,
  type Filters,
} from "./viewState";

/** The standard sizes GET /tradeoff draws, from the vocabulary; the first is its default. */
export function standardSizes(vocabulary: Vocabulary): string[] {
  return vocabulary.dimensions.standard_sizes;
}

/** A size's label, from the vocabulary ("public key size (bytes)"). */
export function sizeLabel(vocabulary: Vocabulary, size: string): string {
  return dimensionLabel(vocabulary, paramDimension(vocabulary, size));
}

export interface TradeoffState {
  filters: Filters;
  metric: Metric | null;
  size: string;
  agg: Aggregation;
}

export function decodeTradeoff(vocabulary: Vocabulary, params: URLSearchParams): TradeoffState {
  const filters = decodeFilters(vocabulary, params);
  const sizes = standardSizes(vocabulary);
  const metric = params.get("metric");
  const size = params.get("size");
  return {
    filters,
    metric: metric !== null && isMetric(vocabulary, metric) ? metric : null,
    size: size !== null && sizes.includes(size) ? size : (sizes[0] ?? ""),
    agg: pick(params.get("agg"), AGGREGATIONS, "median"),
  };
}

export function encodeTradeoff(vocabulary: Vocabulary, state: TradeoffState): URLSearchParams {
  const params = filtersUrl(state.filters);
  if (state.metric !== null) params.set("metric", state.metric);
  if (state.size !== standardSizes(vocabulary)[0]) params.set("size", state.size);
  if (state.agg !== "median") params.set("agg", state.agg);
  return params;
}

type Point = TradeoffResponse["points"][number];

/** A point's name: algorithm, library and the params that are not sizes, then its values of what the server split ("· esp32c6 · -O2"). */
export function pointLabel(vocabulary: Vocabulary, p: Point): string {
  const sizes = standardSizes(vocabulary);
  const params = Object.entries(p.params)
    .filter(([k]) => !sizes.includes(k))
    .map(([, v]) => valueText(v));
  const name = [p.algorithm, ...params, p.library ? `(${p.library})` : ""]
    .filter(Boolean)
    .join(" ");
  return [name, ...splitValues(p)].join(" · ");
}

/** The point's values of the dimensions the server split (machine, build, ...), absent ones left out. */
const splitValues = (p: Point): string[] =>
  Object.values(p.split).filter((v): v is string => v !== null);

/** The group a Pareto front is drawn for: an operation on one machine, build, ... (the server's fronts). */
const frontGroup = (p: Point): string => [p.operation ?? "(none)", ...splitValues(p)].join(" · ");

/** Sizes on a log axis, ticks at powers of two read as bytes ("64 B", "1 KiB"). */
function sizeAxis(sizes: number[], title: string): Axis {
  const ticks = log2Ticks([...new Set(sizes.filter((v) => v > 0))].sort((a, b) => a - b));
  return {
    title: { text: title },
    type: "log",
    automargin: true,
    tickmode: "array",
    tickvals: ticks,
    ticktext: ticks.map((v) => formatQuantity(v, "B", "binary")),
  };
}

/** A diamond on the Pareto front, else a circle; open when the point pools results that differ in an identity dimension (machines, library versions, ...). */
function symbol(p: Point): string {
  return `${p.pareto ? "diamond" : "circle"}${isPooled(p) ? "-open" : ""}`;
}

/** What the points pooled and which include flagged figures (lib/caveats), for the note above the chart. */
export function tradeoffCaveats(t: TradeoffResponse): Caveats {
  return chartCaveats([{ key: {}, points: t.points.map((p) => ({ ...p, x: p.size })) }]);
}

/** A point's caveats for its table row: "2 machines", "⚠ cpu time 3". */
export function pointCaveats(vocabulary: Vocabulary, p: Point): string {
  return [
    isPooled(p) ? pooledText(vocabulary, p.pooled) : "",
    isFlagged(p) ? `⚠ ${flagsText(p.flags)}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"];

/** One marker trace per operation, and its Pareto front as a dashed step line (in `scale` units). */
export function tradeoffFigure(
  vocabulary: Vocabulary,
  t: TradeoffResponse,
  scale: number,
  unit: string,
  theme: Theme,
): { data: Data[]; layout: Partial<Layout> } {
  const format = isMetric(vocabulary, t.metric)
    ? metricFormatter(vocabulary, t.metric, scale)
    : (v: number) => `${formatNumber(v)} ${unit}`;
  const groups = [...new Set(t.points.map(frontGroup))];
  const data: Data[] = groups.flatMap((op, i) => {
    const points = t.points.filter((p) => frontGroup(p) === op);
    const front = points.filter((p) => p.pareto).sort((a, b) => a.size - b.size);
    const color = COLORS[i % COLORS.length];
    return [
      {
        type: "scatter",
        mode: "markers",
        name: plotText(op),
        x: points.map((p) => p.size),
        y: points.map((p) => p.value / scale),
        text: points.map((p) => plotText(pointLabel(vocabulary, p))),
        marker: {
          color,
          size: points.map((p) => (p.pareto ? 11 : 7)),
          symbol: points.map(symbol),
          line: { color, width: points.map((p) => (isPooled(p) ? 2 : 0)) },
        },
        hovertext: points.map(
          (p) =>
            `${plotText(pointLabel(vocabulary, p))}<br>${formatQuantity(p.size, "B", "binary")}, ${format(p.value / scale)}, n=${p.n}${caveatHover(vocabulary, p)}`,
        ),
        hovertemplate: "%{hovertext}<extra>%{fullData.name}</extra>",
      } as Data,
      {
        type: "scatter",
        mode: "lines",
        name: `${plotText(op)} Pareto front`,
        x: front.map((p) => p.size),
        y: front.map((p) => p.value / scale),
        line: { color, dash: "dash", width: 1.5 },
        hoverinfo: "skip",
      } as Data,
    ];
  });
  const better = t.less_is_better ? "lower is better" : "higher is better";
  const layout: Partial<Layout> = {
    xaxis: {
      ...sizeAxis(
        t.points.map((p) => p.size),
        `${sizeLabel(vocabulary, t.size)}<br>smaller is better`,
      ),
      gridcolor: theme.grid,
    },
    yaxis: {
      ...valueAxis(
        t.points.map((p) => p.value / scale),
        true,
        format,
        `${metricInfo(vocabulary, t.metric).label} (${unit})<br>${better}`,
      ),
      gridcolor: theme.grid,
    },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: theme.foreground },
    margin: { t: 24, r: 16, b: 48, l: 64 },
    hovermode: "closest",
    showlegend: true,
  };
  return { data, layout };
}

/** CSV of the shown points: operation, label, size, value in the shown unit, n, on the front, what it pooled and its flags (as the Explorer's CSV). */
export function tradeoffCsv(
  vocabulary: Vocabulary,
  t: TradeoffResponse,
  scale: number,
  unit: string,
  flavour: CsvFlavour = "spreadsheet",
): string {
  const header = [
    "operation",
    "point",
    sizeLabel(vocabulary, t.size),
    `${metricLabel(vocabulary, t.metric)} (${unit})`,
    "n",
    "pareto front",
    "pooled",
    "flagged figures",
  ];
  const rows = t.points.map((p) => [
    p.operation,
    pointLabel(vocabulary, p),
    p.size,
    p.value / scale,
    p.n,
    p.pareto ? "yes" : "no",
    pooledText(vocabulary, p.pooled),
    flagsText(p.flags),
  ]);
  return csvText([header, ...rows], flavour);
}
