/**
 * What a chart's points hide, in words: results pooled across differing identity dimensions
 * (`pooled`), figures the plausibility check flagged (`flags`), points resting on one result. Pure.
 */
import type { ChartPoint, ChartSeries, Pooled } from "./chartData";
import { dimensionLabel } from "./dimensions";
import { plotText } from "./plotText";
import type { Vocabulary } from "../api/vocabulary";

/** "machines", "block sizes", "libraries": a dimension's label, its parenthesis dropped, in the plural. */
export function pluralLabel(vocabulary: Vocabulary, dim: string, count: number): string {
  const label = dimensionLabel(vocabulary, dim).replace(/\s*\(.*\)$/, "");
  if (count === 1) return label;
  if (/[^aeiou]y$/.test(label)) return `${label.slice(0, -1)}ies`;
  if (/(sh|ch|x)$/.test(label)) return `${label}es`;
  if (label.endsWith("s")) return label;
  return `${label}s`;
}

/** "2 machines, 3 optimization levels" */
export function pooledText(vocabulary: Vocabulary, pooled: Pooled): string {
  return Object.entries(pooled)
    .map(([dim, count]) => `${count} ${pluralLabel(vocabulary, dim, count)}`)
    .join(", ");
}

/** "cpu_time 3, saturated 1" */
export function flagsText(flags: Record<string, number>): string {
  return Object.entries(flags)
    .map(([flag, count]) => `${flag.replaceAll("_", " ")} ${count}`)
    .join(", ");
}

export const isPooled = (p: Pick<ChartPoint, "pooled">) =>
  p.pooled !== undefined && Object.keys(p.pooled).length > 0;
export const isFlagged = (p: Pick<ChartPoint, "flagged">) => (p.flagged ?? 0) > 0;
/** A point's hover lines (Plotly text) for what it pooled and its flags: "<br>◇ pooled 2 machines<br>⚠ flagged: cpu time 3"; "" when neither. */
export function caveatHover(
  vocabulary: Vocabulary,
  p: Pick<ChartPoint, "pooled" | "flagged" | "flags">,
): string {
  const pooled = isPooled(p)
    ? `<br>◇ pooled ${plotText(pooledText(vocabulary, p.pooled ?? {}))}`
    : "";
  const flagged = isFlagged(p) ? `<br>⚠ flagged: ${plotText(flagsText(p.flags ?? {}))}` : "";
  return pooled + flagged;
}

/** A point that rests on one result without an error from its tool: nothing tells its spread. */
export const isSingle = (p: ChartPoint) => p.n === 1 && (p.error === null || p.error === undefined);

export interface Caveats {
  /** Plotted points (a value present). */
  points: number;
  pooledPoints: number;
  /** Per pooled dimension, the largest count of values one point pooled and how many points pool it: machine first, then the most frequent. */
  pooledDims: Array<{ dim: string; most: number; points: number }>;
  flaggedPoints: number;
  /** Per flag, how many results carry it over the chart. */
  flags: Record<string, number>;
  singlePoints: number;
}

export function chartCaveats(series: ChartSeries[]): Caveats {
  const most = new Map<string, { most: number; points: number }>();
  const flags: Record<string, number> = {};
  let points = 0;
  let pooledPoints = 0;
  let flaggedPoints = 0;
  let singlePoints = 0;
  for (const s of series) {
    for (const p of s.points) {
      if (p.value === null) continue;
      points += 1;
      if (isSingle(p)) singlePoints += 1;
      if (isPooled(p)) {
        pooledPoints += 1;
        for (const [dim, count] of Object.entries(p.pooled ?? {})) {
          const seen = most.get(dim);
          most.set(dim, {
            most: Math.max(count, seen?.most ?? 0),
            points: (seen?.points ?? 0) + 1,
          });
        }
      }
      if (isFlagged(p)) {
        flaggedPoints += 1;
        for (const [flag, count] of Object.entries(p.flags ?? {}))
          flags[flag] = (flags[flag] ?? 0) + count;
      }
    }
  }
  const rank = (d: { dim: string; points: number }) =>
    d.dim === "machine" ? Number.MAX_SAFE_INTEGER : d.points;
  const pooledDims = [...most.entries()]
    .map(([dim, m]) => ({ dim, ...m }))
    .sort((a, b) => rank(b) - rank(a));
  return { points, pooledPoints, pooledDims, flaggedPoints, flags, singlePoints };
}

/** "3 of 8 points pool results that differ in machine (up to 2 per point) and block size (up to 6)." */
export function pooledSentence(
  vocabulary: Vocabulary,
  c: Caveats,
  marks = "outlined bars, ◇ markers",
): string | null {
  if (c.pooledPoints === 0) return null;
  const dims = c.pooledDims.map(
    (d, i) =>
      `${dimensionLabel(vocabulary, d.dim)} (up to ${d.most}${i === 0 ? " per point" : ""})`,
  );
  const list =
    dims.length > 1 ? `${dims.slice(0, -1).join(", ")} and ${dims.at(-1) ?? ""}` : (dims[0] ?? "");
  const which =
    c.pooledPoints === c.points
      ? `All ${c.points} points pool`
      : `${c.pooledPoints} of ${c.points} points pool`;
  return `${which} results that differ in ${list}; each is one aggregate over them (${marks}).`;
}

/** "6 points include figures the plausibility check flagged, marked ⚠: cpu time (6 figures): openssl measured its own CPU time while …" */
export function flaggedSentence(vocabulary: Vocabulary, c: Caveats): string | null {
  if (c.flaggedPoints === 0) return null;
  const points = c.flaggedPoints === 1 ? "1 point includes" : `${c.flaggedPoints} points include`;
  const meanings = vocabulary.flags;
  const reasons = Object.entries(c.flags).map(
    ([flag, n]) =>
      `${flag.replaceAll("_", " ")} (${n} figure${n === 1 ? "" : "s"}): ${meanings[flag] ?? "flagged"}`,
  );
  return `${points} figures the plausibility check flagged, marked ⚠: ${reasons.join("; ")}. Treat them with care; open a point for its results.`;
}
