/**
 * "What is behind this point?": the clicked point as URL state, its results' distributions as a
 * Plotly figure (box from raw samples, marks from stats, never a box the tool did not give), their
 * descriptions and the CSV of the listed results. Pure.
 */
import type { Data, Layout } from "plotly.js";
import type { DrilldownResponse, PointResult } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import type { DimValue } from "./chartData";
import { csvText, type CsvFlavour } from "./csv";
import { dimensionLabel, valueText } from "./dimensions";
import { wantsLogScale, type Theme } from "./figures";
import { plotText } from "./plotText";
import { valueAxis } from "./axes";
import { formatNumber, isMetric, metricInfo, metricLabel } from "./units";
import type { PointRef } from "./viewState";

type Distribution = NonNullable<PointResult["distribution"]>;

/** A box needs this many samples; below it the samples are drawn as points (no quartiles of 3 numbers). */
export const BOX_MIN_SAMPLES = 5;

const pointValue = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));

/** The point a click on a chart trace names: its x and its series' key, one value per series dimension. */
export function pointOf(x: unknown, key: Record<string, DimValue>, seriesDims: string[]): PointRef {
  return { x: pointValue(x), key: seriesDims.map((d) => pointValue(key[d])) };
}

/** The point a row of the chart's table names (its series values in the series dimensions' order). */
export function rowPoint(row: { x: DimValue; series: DimValue[] }): PointRef {
  return { x: pointValue(row.x), key: row.series.map(pointValue) };
}

/** "key size (bits) = 2048 · padding (param) = pss" */
export function pointText(
  vocabulary: Vocabulary,
  point: PointRef,
  x: string,
  seriesDims: string[],
): string {
  const parts: Array<[string, string | null]> = [
    [x, point.x],
    ...seriesDims.map((d, i): [string, string | null] => [d, point.key[i] ?? null]),
  ];
  return parts
    .map(([dim, value]) => `${dimensionLabel(vocabulary, dim)} = ${valueText(value)}`)
    .join(" · ");
}

/** Where a stat sits in the usual reading order: min, p1..p99 with the median at p50, max, then mean and stddev. */
function markRank(name: string): number {
  if (name === "min") return 0;
  if (name === "median") return 50;
  if (name === "max") return 100;
  if (name === "mean") return 200;
  if (name === "stddev") return 201;
  const percentile = /^p(\d+(?:\.\d+)?)$/.exec(name);
  return percentile ? Number(percentile[1]) : 300;
}

const byRank = (a: string, b: string) => markRank(a) - markRank(b) || a.localeCompare(b);

/** The stats that are positions on the axis (a standard deviation is a spread, not a place), equal ones joined. */
export function markGroups(
  marks: Record<string, number>,
  scale: number,
): Array<{ value: number; names: string[] }> {
  const groups = new Map<number, string[]>();
  for (const name of Object.keys(marks).sort(byRank)) {
    const value = marks[name];
    if (name === "stddev" || value === undefined) continue;
    groups.set(value, [...(groups.get(value) ?? []), name]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, names]) => ({ value: value / scale, names }));
}

/** What a result's distribution is made of, in words (the figure's text equivalent). */
export function describeDistribution(
  d: Distribution | null,
  reportedUnit: string,
  metric: string,
): string {
  if (d === null) return "one number (the tool gave no samples or stats)";
  const parts: string[] = [];
  if (d.values !== null) {
    const forks = d.forks === null ? "" : ` in ${d.forks} fork${d.forks === 1 ? "" : "s"}`;
    parts.push(`${d.values.length} sample${d.values.length === 1 ? "" : "s"}${forks}`);
  }
  const names = Object.keys(d.marks).sort(byRank);
  if (names.length > 0) parts.push(`stats ${names.join(", ")}`);
  if (d.reciprocal)
    parts.push(
      `converted from ${reportedUnit} by 1/x (so min and max, pN and p(100-N) trade places)`,
    );
  if (!d.converted) parts.push(`in ${d.unit}: no way to ${metric} for these`);
  if (d.omitted > 0) parts.push(`${d.omitted} sample(s) of 0 have no figure in ${d.unit}`);
  if (d.left_out.length > 0)
    parts.push(`${d.left_out.join(", ")} left out: no counterpart in ${d.unit}`);
  return parts.join("; ");
}

/** The row label of a result in the figure and the table: its number, machine, name (a long dotted one by its last two parts) and unit. */
export function resultLabel(r: PointResult, index: number): string {
  const tail =
    r.name.length > 32 && r.name.includes(".") ? r.name.split(".").slice(-2).join(".") : r.name;
  const name = tail.length > 32 ? `…${tail.slice(-31)}` : tail;
  return `#${index + 1} ${r.machine} · ${name} [${r.unit}]`;
}

export interface DistributionOptions {
  /** The scale of the chart's display unit from the canonical unit (the axis title names it). */
  scale: number;
  theme: Theme;
  axisTitle: string;
  /** A value in the display unit as text with its unit (lib/units metricFormatter); ticks and hover use it. */
  format: (value: number) => string;
}

function sampleTrace(
  label: string,
  values: number[],
  color: string,
  format: (v: number) => string,
): Data {
  const text = values.map((v) => `sample ${format(v)}`);
  if (values.length >= BOX_MIN_SAMPLES) {
    return {
      type: "box",
      orientation: "h",
      name: label,
      x: values,
      y: values.map(() => label),
      boxpoints: "all",
      jitter: 0.4,
      pointpos: 0,
      marker: { size: 4, color },
      line: { color },
      text,
      hoverinfo: "text",
    } as Data;
  }
  return {
    type: "scatter",
    mode: "markers",
    name: label,
    x: values,
    y: values.map(() => label),
    marker: { size: 7, color, symbol: "circle-open" },
    text,
    hovertemplate: "%{text}<extra></extra>",
  };
}

const shortName = (g: { names: string[] }) =>
  plotText(g.names.find((n) => n === "min" || n === "median" || n === "max") ?? g.names[0] ?? "");

/**
 * The stats as ticks joined by a line (hover: every name of a tick), one name each above and below
 * in turn (neighbours on a log axis overlap): min, median or max where a tick is one of them.
 */
function marksTraces(
  label: string,
  groups: Array<{ value: number; names: string[] }>,
  color: string,
  format: (v: number) => string,
): Data[] {
  const ticks: Data = {
    type: "scatter",
    mode: "lines+markers",
    name: label,
    x: groups.map((g) => g.value),
    y: groups.map(() => label),
    text: groups.map((g) => `${plotText(g.names.join("="))}: ${format(g.value)}`),
    marker: { symbol: "line-ns-open", size: 16, color, line: { width: 2, color } },
    line: { color, width: 1 },
    hovertemplate: "%{text}<extra></extra>",
  };
  const names = (parity: number, position: "top center" | "bottom center"): Data => {
    const half = groups.filter((_, i) => i % 2 === parity);
    return {
      type: "scatter",
      mode: "text",
      name: label,
      x: half.map((g) => g.value),
      y: half.map(() => label),
      text: half.map(shortName),
      textposition: position,
      textfont: { size: 10, color },
      hoverinfo: "skip",
    };
  };
  return [ticks, names(0, "top center"), names(1, "bottom center")];
}

/** A rate per unit of time ("ops/s", "B/s") as opposed to a cost per operation ("ns/op", "cycles/op"). */
const isRate = (unit: string) => /\/(s|ms|us|µs|ns|min)$/.test(unit);

/**
 * The tool's own interval around a result (value ± error, e.g. JMH's ci99.9) in the chart's
 * metric (canonical unit): scaled as the figure was, or through 1/x when the figure is the
 * reciprocal of what the tool reported (ops/s shown as time; an open end when value - error <= 0).
 */
export function toolInterval(r: PointResult, metricUnit: string): [number, number] | null {
  if (r.error === null || r.value === 0) return null;
  const [lo, hi] = [r.value - Math.abs(r.error), r.value + Math.abs(r.error)];
  const reciprocal = r.distribution?.reciprocal ?? isRate(r.unit) !== isRate(metricUnit);
  if (!reciprocal) {
    const k = r.figure / r.value;
    return [lo * k, hi * k].sort((a, b) => a - b) as [number, number];
  }
  const c = r.figure * r.value;
  return [c / hi, lo > 0 ? c / lo : Number.POSITIVE_INFINITY];
}

/** An × at the result's figure, with the tool's interval around it as a horizontal error bar (its kind on hover). */
function figureTrace(
  r: PointResult,
  label: string,
  color: string,
  opts: DistributionOptions,
  metricUnit: string,
): Data {
  const figure = r.figure / opts.scale;
  const interval = toolInterval(r, metricUnit);
  const bounded = interval && Number.isFinite(interval[1]) ? interval : null;
  const around = bounded
    ? `<br>${plotText(r.error_kind ?? "error")} interval: ${opts.format(bounded[0] / opts.scale)} – ${opts.format(bounded[1] / opts.scale)}`
    : "";
  return {
    type: "scatter",
    mode: "markers",
    name: label,
    x: [figure],
    y: [label],
    marker: { symbol: "x", size: 10, color },
    text: [`the result's figure: ${opts.format(figure)}${around}`],
    hovertemplate: "%{text}<extra></extra>",
    ...(bounded
      ? {
          error_x: {
            type: "data",
            symmetric: false,
            array: [bounded[1] / opts.scale - figure],
            arrayminus: [figure - bounded[0] / opts.scale],
            color,
            thickness: 2,
            width: 8,
          },
        }
      : {}),
  } as Data;
}

/**
 * One row per result (newest run first, top to bottom): a box of its raw samples (all drawn), or the
 * samples themselves when fewer than BOX_MIN_SAMPLES; the tool's stats as labelled ticks joined by a
 * line when there are no samples; an × at the result's own figure with the tool's interval around it
 * (value ± error, its kind on hover). Distributions that cannot be
 * shown in the chart's metric are left to the table.
 */
export function distributionFigure(
  vocabulary: Vocabulary,
  results: PointResult[],
  opts: DistributionOptions,
): { data: Data[]; layout: Partial<Layout> } {
  const metricUnit =
    results[0] && isMetric(vocabulary, results[0].metric)
      ? metricInfo(vocabulary, results[0].metric).unit
      : "";
  const data: Data[] = [];
  const xs: number[] = [];
  const labels = results.map((r, i) => plotText(resultLabel(r, i)));
  results.forEach((r, i) => {
    const label = labels[i] ?? "";
    const d = r.distribution;
    const shown = d?.converted ? d : null;
    const values = shown?.values?.map((v) => v / opts.scale) ?? [];
    if (values.length > 0)
      data.push(sampleTrace(label, values, opts.theme.foreground, opts.format));
    const groups = shown !== null && values.length === 0 ? markGroups(shown.marks, opts.scale) : [];
    if (groups.length > 0)
      data.push(...marksTraces(label, groups, opts.theme.foreground, opts.format));
    data.push(figureTrace(r, label, "#d62728", opts, metricUnit));
    const interval =
      toolInterval(r, metricUnit)
        ?.filter(Number.isFinite)
        .map((v) => v / opts.scale) ?? [];
    xs.push(...values, ...groups.map((g) => g.value), r.figure / opts.scale, ...interval);
  });
  const layout: Partial<Layout> = {
    xaxis: {
      ...valueAxis(xs, wantsLogScale("auto", xs), opts.format, opts.axisTitle),
      gridcolor: opts.theme.grid,
      zeroline: false,
    },
    yaxis: {
      type: "category",
      categoryorder: "array",
      categoryarray: [...labels].reverse(),
      automargin: true,
      gridcolor: opts.theme.grid,
    },
    showlegend: false,
    height: 110 + 56 * results.length,
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: opts.theme.foreground },
    margin: { t: 16, r: 16, b: 48, l: 16 },
    hovermode: "closest",
  };
  return { data, layout };
}

/** "k=v" pairs of params or tags, by key. */
export function keyValues(o: Record<string, unknown>, separator: string): string {
  return Object.keys(o)
    .sort()
    .map((k) => `${k}=${String(o[k])}`)
    .join(separator);
}

/**
 * The listed results as CSV (RFC 4180, full precision): run, machine, time, tags, the reported
 * figure, the figure in the display unit, and the distribution (its unit per row, the samples
 * space-separated, one column per stat).
 */
export function drilldownCsv(
  vocabulary: Vocabulary,
  body: DrilldownResponse,
  unit: string,
  scale: number,
  flavour: CsvFlavour = "spreadsheet",
): string {
  const marks = [
    ...new Set(body.results.flatMap((r) => Object.keys(r.distribution?.marks ?? {}))),
  ].sort(byRank);
  const header = [
    "#",
    "run_id",
    "started_at",
    "machine",
    "source",
    "tags",
    "name",
    "algorithm",
    "operation",
    "library",
    "library_version",
    "params",
    "value",
    "unit",
    `${metricLabel(vocabulary, body.metric)} (${unit})`,
    "error",
    "error_kind",
    "samples",
    "distribution unit",
    "forks",
    "raw samples",
    ...marks,
  ];
  const rows = body.results.map((r, i) => {
    const d = r.distribution;
    const inUnit = (v: number) => (d?.converted ? v / scale : v);
    return [
      i + 1,
      r.run_id,
      r.started_at,
      r.machine,
      r.source,
      keyValues(r.tags, ";"),
      r.name,
      r.algorithm,
      r.operation,
      r.library,
      r.library_version,
      keyValues(r.params, ";"),
      r.value,
      r.unit,
      r.figure / scale,
      r.error,
      r.error_kind,
      r.samples,
      d === null ? null : d.converted ? unit : d.unit,
      d?.forks,
      d?.values?.map(inUnit).join(" "),
      ...marks.map((m) => {
        const v = d?.marks[m];
        return v === undefined ? null : inUnit(v);
      }),
    ];
  });
  return csvText([header, ...rows], flavour);
}

/** "4 results from 1 run: median 4,633 · mean … (ms/op)", the chart's aggregate named. */
export function summaryText(
  vocabulary: Vocabulary,
  body: DrilldownResponse,
  unit: string,
  scale: number,
  agg: string,
): string {
  const s = body.summary;
  if (s === null)
    return `No result behind this point has a ${metricLabel(vocabulary, body.metric)} figure: another metric, a deleted run or an old link.`;
  const runs = `${body.run_total} run${body.run_total === 1 ? "" : "s"}`;
  const figures = (["median", "mean", "min", "max"] as const).map(
    (k) => `${k === agg ? `${k} (plotted)` : k} ${formatNumber(s[k] / scale)}`,
  );
  return `${s.n} result${s.n === 1 ? "" : "s"} from ${runs}: ${figures.join(" · ")} ${unit}.`;
}
