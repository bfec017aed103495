/**
 * The Compare view (pure): each shared result named by its params, its verdict against the noise
 * said in words, and the ratio chart (speedup of the contender over the baseline per result, the
 * Explorer's "> 1 = better", with the noise band; drawn by PlotlyFigure).
 */
import type { Data, Layout } from "plotly.js";
import type { CompareResponse } from "../api/types";
import { dimensionValueText, valueAxis } from "./axes";
import { paramDimension } from "./dimensions";
import type { Theme } from "./figures";
import { plotText } from "./plotText";
import { formatNumber, formatRatio } from "./units";
import type { Vocabulary } from "../api/vocabulary";

type Row = CompareResponse["rows"][number];
type Verdict = NonNullable<Row["verdict"]>;
type Typed = NonNullable<Row["typed_verdict"]>;

/** A result's label parts: "AES-128-CBC encrypt", then each param's value ("16 B", "2048 bit", "pss"), keyed. */
function labelParts(vocabulary: Vocabulary, row: Row): Array<[string, string]> {
  const params = Object.keys(row.params)
    .sort()
    .map((k): [string, string] => [
      k,
      dimensionValueText(vocabulary, paramDimension(vocabulary, k), row.params[k] ?? null),
    ]);
  return [["", [row.algorithm, row.operation].filter(Boolean).join(" ")], ...params];
}

/** "AES-128-CBC encrypt · 16 B", "RSA verify · 2048 bit · pss": algorithm, operation, each param's value. */
export function rowLabel(vocabulary: Vocabulary, row: Row): string {
  return labelParts(vocabulary, row)
    .map(([, text]) => text)
    .join(" · ");
}

/** Each row by only what tells it from the others ("16 B", "64 B"; all of it when nothing does), numbered as in the table. */
export function shortLabels(vocabulary: Vocabulary, rows: Row[]): string[] {
  const parts = rows.map((r) => new Map(labelParts(vocabulary, r)));
  const keys = [...new Set(parts.flatMap((p) => [...p.keys()]))];
  const varying = keys.filter((k) => new Set(parts.map((p) => p.get(k) ?? "")).size > 1);
  return parts.map(
    (p, i) =>
      `${i + 1}. ${(varying.length > 0 ? varying : keys).flatMap((k) => p.get(k) ?? []).join(" · ")}`,
  );
}

/** How many standard errors of its noise a difference must clear to be better or worse (the vocabulary's verdict rule). */
export function noiseZ(vocabulary: Vocabulary): number {
  return vocabulary.verdict.noise_z;
}

/** The noise as one relative standard error: "±8.64%"; "unknown" without one. */
export function noiseText(noise: number | null): string {
  return noise === null ? "unknown" : `±${formatNumber((Math.exp(noise) - 1) * 100)}%`;
}

/** What the noise stands on: "6 runs of history", "the tools' errors", both, or nothing. */
export function noiseBasis(row: Pick<Row, "noise_basis" | "noise_runs">): string {
  return row.noise_basis
    .map((b) => (b === "history" ? `${row.noise_runs} runs of history` : "the tools' errors"))
    .join(" and ");
}

/** The verdict in words: "worse", "within noise", "better (noise unknown)". */
export function verdictText(verdict: Verdict | null, noise: number | null): string {
  if (verdict === null) return "—";
  return (verdict === "better" || verdict === "worse") && noise === null
    ? `${verdict} (noise unknown)`
    : verdict;
}

/** A row's typed verdict (the run verdicts' vocabulary) in words, with why when it is not a
 * verdict on the figures: "regressed", "stable", "insufficient: 2 of 3 baseline runs". */
export function typedText(row: Pick<Row, "typed_verdict" | "detail">): string {
  const v = row.typed_verdict;
  if (v === null) return "—";
  const words = v.replace("_", " ");
  return v === "insufficient" || v === "not_comparable" ? `${words}: ${row.detail}` : words;
}

/** The CSS class of a typed verdict: only a regression or an improvement is coloured. */
export function typedClass(verdict: Typed | null): string | undefined {
  if (verdict === "regressed") return "worse";
  if (verdict === "improved") return "better";
  return undefined;
}

const VERDICTS: Typed[] = ["improved", "regressed", "stable", "insufficient", "not_comparable"];
const GREY = "#8a94a6";
const COLOURS: Record<Typed, string> = {
  improved: "#2e9d52",
  regressed: "#d9473d",
  stable: GREY,
  insufficient: GREY,
  not_comparable: GREY,
};
const SYMBOLS: Record<Typed, string> = {
  improved: "circle",
  regressed: "circle",
  stable: "circle-open",
  insufficient: "diamond-open",
  not_comparable: "x-open",
};

export interface CompareFigure {
  data: Data[];
  layout: Partial<Layout>;
}

/**
 * One row per shared result, top to bottom in the table's order; x = speedup on a log axis, a dotted
 * line at 1; the band is noise_z noises either side (what a verdict needs to clear); one trace per typed
 * verdict (improved filled green, regressed filled red, stable, insufficient and not comparable open
 * grey; the page's note says so).
 */
export function compareFigure(
  vocabulary: Vocabulary,
  data: CompareResponse,
  theme: Theme,
): CompareFigure {
  const labels = shortLabels(vocabulary, data.rows);
  const rows = data.rows
    .map((r, i) => ({ r, i, label: plotText(labels[i] ?? "") }))
    .filter((x) => x.r.speedup !== null && x.r.speedup > 0);
  const z = noiseZ(vocabulary);
  const traces: Data[] = VERDICTS.flatMap((verdict) => {
    const mine = rows.filter((x) => x.r.typed_verdict === verdict);
    if (mine.length === 0) return [];
    const speedup = (x: (typeof mine)[number]) => x.r.speedup ?? 1;
    const band = (x: (typeof mine)[number], sign: 1 | -1) =>
      x.r.noise === null ? 0 : Math.abs(speedup(x) * Math.exp(sign * z * x.r.noise) - speedup(x));
    return [
      {
        type: "scatter",
        mode: "markers",
        name: verdict.replace("_", " "),
        x: mine.map(speedup),
        y: mine.map((x) => x.label),
        customdata: mine.map((x) => x.i),
        marker: {
          color: COLOURS[verdict],
          symbol: SYMBOLS[verdict],
          size: 9,
          line: { width: 2, color: COLOURS[verdict] },
        },
        error_x: {
          type: "data",
          symmetric: false,
          array: mine.map((x) => band(x, 1)),
          arrayminus: mine.map((x) => band(x, -1)),
          color: COLOURS[verdict],
          thickness: 1.5,
          width: 3,
        },
        text: mine.map((x) =>
          plotText(
            `${rowLabel(vocabulary, x.r)}: ${formatRatio(x.r.speedup)}, noise ${noiseText(x.r.noise)}, ${typedText(x.r)}`,
          ),
        ),
        hovertemplate: "%{text}<extra></extra>",
      } as Data,
    ];
  });
  // 1 (no difference) always on the axis, never at its very edge.
  const values = [...rows.map((x) => x.r.speedup ?? 1), 1 / 1.2, 1.2];
  const axis = valueAxis(
    values,
    true,
    (v) => formatRatio(v),
    "speedup of the contender (> 1 = better)",
  );
  const layout: Partial<Layout> = {
    xaxis: { ...axis, gridcolor: theme.grid },
    yaxis: {
      type: "category",
      categoryorder: "array",
      categoryarray: rows.map((x) => x.label),
      autorange: "reversed",
      automargin: true,
      gridcolor: theme.grid,
    },
    height: Math.max(220, 110 + 22 * rows.length),
    showlegend: false,
    shapes: [
      {
        type: "line",
        xref: "x",
        yref: "paper",
        x0: 1,
        x1: 1,
        y0: 0,
        y1: 1,
        line: { color: theme.foreground, dash: "dot", width: 1 },
      },
    ],
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    font: { color: theme.foreground },
    margin: { t: 24, r: 16, b: 56, l: 16 },
    hovermode: "closest",
  };
  return { data: traces, layout };
}
