/**
 * Metrics, their units and direction as the server's vocabulary states them (the vocabulary is
 * given to each function that reads it), and the one number formatter of the UI (axes, hover,
 * tables, CSV headers): 3-4 significant digits, the unit stepped by the metric's prefix family
 * (ns/µs/ms/s, B/s..GB/s, cycles..Mcycles), "—" for an absent value.
 */
import type { components } from "../api/schema.gen";
import type { MetricInfo, Prefix, Vocabulary } from "../api/vocabulary";

export type Metric = components["schemas"]["Chart"]["metric"];

/** A unit a figure is shown in: `scale` of the canonical unit make one of it. */
export interface UnitStep {
  unit: string;
  scale: number;
}

export function metricInfo(vocabulary: Vocabulary, metric: Metric): MetricInfo {
  const info = vocabulary.metrics.find((m) => m.name === metric);
  if (info === undefined) throw new Error(`metric ${metric} is not in the vocabulary`);
  return info;
}

export function metrics(vocabulary: Vocabulary): Metric[] {
  return vocabulary.metrics.map((m) => m.name as Metric);
}

export function isMetric(vocabulary: Vocabulary, value: string): value is Metric {
  return vocabulary.metrics.some((m) => m.name === value);
}

export function lessIsBetter(vocabulary: Vocabulary, metric: Metric): boolean {
  return metricInfo(vocabulary, metric).better === "lower";
}

/** "throughput (B/s)": the metric's label and canonical unit, for pickers. */
export function metricTitle(vocabulary: Vocabulary, metric: Metric): string {
  const info = metricInfo(vocabulary, metric);
  return `${info.label} (${unitText(info.unit)})`;
}

/** The metric's label, or the text itself for what is not a metric (e.g. "speedup"). */
export function metricLabel(vocabulary: Vocabulary, metric: string): string {
  return isMetric(vocabulary, metric) ? metricInfo(vocabulary, metric).label : metric;
}

/** A unit symbol as people read it: the vocabulary's ASCII "us" is "µs". */
export function unitText(unit: string): string {
  return unit.replace(/^us(?=\/|$)/, "µs");
}

const DECIMAL: Array<[string, number]> = [
  ["", 1],
  ["k", 1e3],
  ["M", 1e6],
  ["G", 1e9],
  ["T", 1e12],
];
const BINARY: Array<[string, number]> = [
  ["", 1],
  ["Ki", 2 ** 10],
  ["Mi", 2 ** 20],
  ["Gi", 2 ** 30],
  ["Ti", 2 ** 40],
];
const TIME: Array<[string, number]> = [
  ["ns", 1],
  ["µs", 1e3],
  ["ms", 1e6],
  ["s", 1e9],
];

/** The units a canonical unit steps through ("B/s" decimal: B/s, kB/s, MB/s, GB/s, TB/s; "ns/op" time: ns/op .. s/op). */
export function ladder(canonical: string, prefix: Prefix): UnitStep[] {
  const slash = canonical.indexOf("/");
  const [head, tail] =
    slash < 0 ? [canonical, ""] : [canonical.slice(0, slash), canonical.slice(slash)];
  const base = TIME.find(([u]) => u === head)?.[1] ?? 1;
  if (prefix === "time")
    return TIME.map(([unit, scale]) => ({ unit: unit + tail, scale: scale / base }));
  return (prefix === "binary" ? BINARY : DECIMAL).map(([p, scale]) => ({
    unit: p + head + tail,
    scale,
  }));
}

/** The step a magnitude reads best in: the largest whose scale does not exceed it. */
export function stepFor(steps: UnitStep[], magnitude: number): UnitStep {
  const first = steps[0] ?? { unit: "", scale: 1 };
  return steps.reduce(
    (best, s) => (s.scale <= magnitude && s.scale > best.scale ? s : best),
    first,
  );
}

const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Significant digits of a figure shown alone: 3 (4 from 1,000 up). */
export const DIGITS = 3;
const MAX_DIGITS = 6;

/**
 * The significant digits the values of one view need to be told apart: one more than the digits of the
 * smallest relative gap between neighbouring values, from DIGITS to 6 (seed 002's 53.97 / 54.18 / 54.57 ms,
 * 0.4% apart, need 4: 54 / 54.2 / 54.6 hid the seed's figures; values equal or 10% apart keep 3).
 */
export function digitsApart(values: Array<number | null | undefined>): number {
  const sorted = [
    ...new Set(
      values
        .filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v) && v !== 0)
        .map(Math.abs),
    ),
  ].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((v, i) => (v - (sorted[i] as number)) / v);
  if (gaps.length === 0) return DIGITS;
  const digits = Math.ceil(-Math.log10(Math.min(...gaps))) + 1;
  return Math.min(MAX_DIGITS, Math.max(DIGITS, digits));
}

/** A number with `digits` significant digits (3 by default; at least 4 from 1,000 up, grouped), trailing zeros dropped; "—" when absent. */
export function formatNumber(value: number | null | undefined, digits = DIGITS): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  if (abs >= 10 ** digits - 0.5)
    return abs >= 1e15 ? value.toExponential(digits - 1) : GROUPED.format(value);
  if (abs !== 0 && abs < 1e-6) return value.toExponential(digits - 1);
  const text = value.toPrecision(digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** A value that rounds up to the next step reads in it: 999.7 µs is "1 ms", not "1,000 µs". */
const ROUNDING = 1 + 5e-4;

/** Formats canonical figures in the step of their ladder that reads best (the ladder built once, for many values), with `digits` significant digits. */
export function quantityFormatter(
  canonical: string,
  prefix: Prefix,
  digits = DIGITS,
): (value: number | null | undefined) => string {
  const steps = ladder(canonical, prefix);
  return (value) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return "—";
    const step = stepFor(steps, Math.abs(value) * ROUNDING);
    return `${formatNumber(value / step.scale, digits)} ${step.unit}`;
  };
}

/** A canonical figure in its best step: 1.8e9 B/s -> "1.8 GB/s", 4.576e4 ns -> "45.8 µs". */
export function formatQuantity(
  value: number | null | undefined,
  canonical: string,
  prefix: Prefix,
): string {
  return quantityFormatter(canonical, prefix)(value);
}

/** Figures of `metric` given in a unit of `scale` (1: canonical), each in its best step, with `digits` significant digits. */
export function metricFormatter(
  vocabulary: Vocabulary,
  metric: Metric,
  scale = 1,
  digits = DIGITS,
): (value: number | null | undefined) => string {
  const info = metricInfo(vocabulary, metric);
  const format = quantityFormatter(info.unit, info.prefix, digits);
  return (value) => format(value === null || value === undefined ? value : value * scale);
}

/**
 * The formatter of one view's figures of `metric` (a chart, its hover, a table): each in its best step,
 * with the digits `values` (the view's own, in the same unit) need to be told apart (digitsApart).
 */
export function viewFormatter(
  vocabulary: Vocabulary,
  metric: Metric,
  values: Array<number | null | undefined>,
  scale = 1,
): (value: number | null | undefined) => string {
  return metricFormatter(vocabulary, metric, scale, digitsApart(values));
}

/** A figure as a tool reported it, in its own unit: stepped when the unit is one of a metric's ("1.11e-6 s/op" is "1.11 µs/op"), else the number and the unit. */
export function formatReported(
  vocabulary: Vocabulary,
  value: number | null | undefined,
  unit: string,
): string {
  const owner = vocabulary.metrics.find((m) => m.display_units.some((u) => u.unit === unit));
  const scale = owner?.display_units.find((u) => u.unit === unit)?.scale ?? 1;
  return owner
    ? metricFormatter(vocabulary, owner.name as Metric, scale)(value)
    : `${formatNumber(value)} ${unit}`;
}

/** What a conversion may need: the clock (Hz) and the bytes one operation processes. */
export interface Quantities {
  clock?: number | null;
  bytes?: number | null;
}

/**
 * A figure of metric `from` as metric `to`, by the vocabulary's conversion table (the one ingest
 * derives stored figures by); null when `to` cannot be reached with the given quantities.
 */
export function convert(
  vocabulary: Vocabulary,
  value: number,
  from: Metric,
  to: Metric,
  quantities: Quantities,
): number | null {
  const needed = { "": 1, clock: quantities.clock ?? null, bytes: quantities.bytes ?? null };
  const figures = new Map<string, number>([[from, value]]);
  for (let grew = true; grew && !figures.has(to); ) {
    grew = false;
    for (const c of vocabulary.conversions) {
      const k = needed[c.needs];
      const source = figures.get(c.source);
      if (source === undefined || figures.has(c.target) || !k) continue;
      const factor = k ** c.k_power * 1e9 ** c.ns_power;
      figures.set(c.target, c.reciprocal ? factor / source : factor * source);
      grew = true;
    }
  }
  return figures.get(to) ?? null;
}

/** Full precision for CSV: the number as JavaScript prints it, an empty cell when absent. */
export function csvNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "" : String(value);
}

/** Ratio shown as "1.234x". */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return "—";
  return `${ratio.toFixed(3)}x`;
}

/** The units a user may pick for a metric (the vocabulary's display units, µ spelled out). */
export function displayUnits(vocabulary: Vocabulary, metric: Metric): UnitStep[] {
  return metricInfo(vocabulary, metric).display_units;
}

/** A picked display unit, or the canonical one when it is not one of the metric's. */
export function unitScale(vocabulary: Vocabulary, metric: Metric, unit: string | null): UnitStep {
  const units = displayUnits(vocabulary, metric);
  const found = units.find((u) => u.unit === unit) ??
    units[0] ?? { unit: metricInfo(vocabulary, metric).unit, scale: 1 };
  return { unit: unitText(found.unit), scale: found.scale };
}

/**
 * The unit a chart shows `metric` in: the picked display unit, or (none picked) the step of the
 * metric's ladder that suits the median magnitude of the canonical `values`.
 */
export function chartUnit(
  vocabulary: Vocabulary,
  metric: Metric,
  unit: string | null,
  values: Array<number | null | undefined>,
): UnitStep & { auto: boolean } {
  if (unit !== null && displayUnits(vocabulary, metric).some((u) => u.unit === unit))
    return { ...unitScale(vocabulary, metric, unit), auto: false };
  const info = metricInfo(vocabulary, metric);
  const sizes = values
    .filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v) && v !== 0)
    .map(Math.abs)
    .sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 1;
  return { ...stepFor(ladder(info.unit, info.prefix), median), auto: true };
}

export function isDisplayUnit(vocabulary: Vocabulary, unit: string): boolean {
  return vocabulary.metrics.some((m) => m.display_units.some((u) => u.unit === unit));
}

/** Metrics with at least one figure under the filters (facets' `metrics` counts); all of them if not given. */
export function availableMetrics(
  vocabulary: Vocabulary,
  counts: Array<{ value: string | null; count: number }> | undefined,
): Metric[] {
  if (!counts) return metrics(vocabulary);
  const present = new Set(counts.filter((m) => m.count > 0).map((m) => m.value));
  return metrics(vocabulary).filter((m) => present.has(m));
}
