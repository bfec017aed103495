/**
 * The "Constant time" view (pure): the leak screens' rows, words, CSV and figures. The verdicts,
 * their words and their power are the server's (backend leaks/verdict.py); this only lays them out.
 * A screen is named in URLs by its run and the position of its first result: `run_id:position`.
 */
import type { Data, Layout } from "plotly.js";
import type { LeakDetail, LeakScreen } from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import { type CsvFlavour, csvText } from "./csv";
import type { Theme } from "./figures";
import { plotText } from "./plotText";
import { formatNumber, isMetric, metricFormatter } from "./units";

export type LeakKind = LeakScreen["verdict"]["kind"];

/** A screen's id in a permalink. */
export function screenId(s: { run_id: string; position: number }): string {
  return `${s.run_id}:${s.position}`;
}

/** `run_id:position` back into its parts; null unless both are there. */
export function parseScreenId(id: string | null): { runId: string; position: number } | null {
  const found = id?.match(/^([0-9a-fA-F-]{36}):(\d{1,9})$/);
  return found ? { runId: found[1] as string, position: Number(found[2]) } : null;
}

/** The implementation: library and version, and the params that tell its screens apart. */
export function implementationText(s: LeakScreen): string {
  const library = [s.library ?? "unknown library", s.library_version].filter(Boolean).join(" ");
  const params = Object.keys(s.params)
    .sort()
    .filter((k) => k !== "statistic")
    .map((k) => `${k}=${String(s.params[k])}`);
  return params.length ? `${library} (${params.join(", ")})` : library;
}

export function operationText(s: LeakScreen): string {
  return [s.algorithm, s.operation].filter(Boolean).join(" ");
}

/** The speed beside the verdict: the median of both classes in its best unit (ns/op stepped to
 * µs or ms; instructions as counted, whole), to four digits (screens of one operation differ little); dudect's own output has none. */
export function speedText(vocabulary: Vocabulary, s: LeakScreen): string {
  if (s.speed === null) return "—";
  if (s.metric === "instructions_per_op")
    return `${Math.round(s.speed).toLocaleString("en")} ${s.unit}`;
  if (isMetric(vocabulary, s.metric)) return metricFormatter(vocabulary, s.metric, 1, 4)(s.speed);
  return `${formatNumber(s.speed, 4)} ${s.unit}`;
}

export const KIND_LABEL: Record<LeakKind, string> = {
  leak: "leak",
  none: "none detected",
  inconclusive: "inconclusive",
};

/** Rows in the order a person reads them: operation, implementation, machine, newest first. */
export function screenRows(screens: LeakScreen[]): LeakScreen[] {
  const key = (s: LeakScreen) =>
    [operationText(s), implementationText(s), s.machine].join("\u0000");
  return [...screens].sort(
    (a, b) => key(a).localeCompare(key(b)) || b.started_at.localeCompare(a.started_at),
  );
}

export const CSV_HEADER = [
  "operation",
  "implementation",
  "machine",
  "run_id",
  "started_at",
  "metric",
  "speed",
  "unit",
  "verdict",
  "verdict_text",
  "evidence",
  "samples",
  "t",
  "p",
  "rank_z",
  "rank_p",
  "median_difference",
  "detectable",
  "detectable_relative",
  "detectable_sd",
];

/** Every screen's row at full precision (the verdict's figures as the server gave them). */
export function leaksCsv(screens: LeakScreen[], flavour: CsvFlavour): string {
  const rows = screenRows(screens).map((s) => {
    const v = s.verdict;
    return [
      operationText(s),
      implementationText(s),
      s.machine,
      s.run_id,
      s.started_at,
      s.metric,
      s.speed,
      s.unit,
      v.kind,
      v.text,
      v.evidence,
      v.samples,
      v.t,
      v.p,
      v.rank_z,
      v.rank_p,
      v.median_difference,
      v.detectable,
      v.detectable_relative,
      v.detectable_sd,
    ];
  });
  return csvText([CSV_HEADER, ...rows], flavour);
}

const CLASS_COLOURS = ["#1f77b4", "#ff7f0e"];

function frame(theme: Theme, height: number): Partial<Layout> {
  return {
    height,
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: theme.foreground },
    margin: { t: 16, r: 16, b: 48, l: 56 },
    legend: { orientation: "h", y: -0.25 },
  };
}

/** Both classes' histograms over the server's shared bins, overlaid. */
export function histogramFigure(
  detail: LeakDetail,
  theme: Theme,
): { data: Data[]; layout: Partial<Layout> } {
  const edges = detail.edges;
  const centres = edges.slice(1).map((e, i) => ((edges[i] as number) + e) / 2);
  const width = edges.length > 1 ? (edges[1] as number) - (edges[0] as number) : 1;
  const data: Data[] = detail.histograms.map((h, i) => ({
    type: "bar",
    name: plotText(`${h.name} (${h.counts.reduce((a, b) => a + b, 0) + h.below + h.above})`),
    x: centres,
    y: h.counts,
    width,
    opacity: 0.6,
    marker: { color: CLASS_COLOURS[i % 2] },
    hovertemplate: `${plotText(h.name)}: %{y} samples at %{x}<extra></extra>`,
  }));
  const layout: Partial<Layout> = {
    ...frame(theme, 300),
    barmode: "overlay",
    xaxis: { title: { text: plotText(detail.screen.unit) }, gridcolor: theme.grid },
    yaxis: { title: { text: "samples" }, gridcolor: theme.grid, rangemode: "tozero" },
  };
  return { data, layout };
}

/** Welch's t against the samples so far, with dudect's threshold on both sides. */
export function progressFigure(
  detail: LeakDetail,
  theme: Theme,
): { data: Data[]; layout: Partial<Layout> } {
  const x = detail.progress.map((p) => p.samples);
  const line = (y: number, name: string): Data => ({
    type: "scatter",
    mode: "lines",
    name,
    x: [x[0] ?? 1, x[x.length - 1] ?? 1],
    y: [y, y],
    line: { dash: "dash", color: "#b3261e", width: 1 },
    hoverinfo: "skip",
    showlegend: y > 0,
  });
  const data: Data[] = [
    {
      type: "scatter",
      mode: "lines+markers",
      name: "Welch's t",
      x,
      y: detail.progress.map((p) => p.t),
      line: { color: theme.foreground },
      hovertemplate: "t = %{y:.2f} at %{x} samples<extra></extra>",
    },
    line(detail.threshold, `|t| = ${detail.threshold}`),
    line(-detail.threshold, `-${detail.threshold}`),
  ];
  const layout: Partial<Layout> = {
    ...frame(theme, 260),
    xaxis: { title: { text: "samples (both classes)" }, type: "log", gridcolor: theme.grid },
    yaxis: { title: { text: "t" }, gridcolor: theme.grid },
  };
  return { data, layout };
}

/** The bootstrap interval in words, in the screen's unit. */
export function intervalText(detail: LeakDetail): string | null {
  const i = detail.interval;
  if (!i) return null;
  const unit = detail.screen.unit;
  return `median difference (${detail.histograms[1]?.name ?? "second"} − ${
    detail.histograms[0]?.name ?? "first"
  }): ${Math.round(i.level * 100)}% interval ${formatNumber(i.low)} to ${formatNumber(i.high)} ${unit} (bootstrap, ${i.resamples} resamples, seed ${i.seed})`;
}
