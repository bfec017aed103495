/** Metrics, their units and direction, as the server's vocabulary states them; number formatting. */
import type { components } from "../api/schema.gen";
import { vocabulary, type MetricInfo } from "./vocabulary";

export type Metric = components["schemas"]["Chart"]["metric"];

export function metricInfo(metric: Metric): MetricInfo {
  const info = vocabulary().metrics.find((m) => m.name === metric);
  if (info === undefined) throw new Error(`metric ${metric} is not in the vocabulary`);
  return info;
}

export function metrics(): Metric[] {
  return vocabulary().metrics.map((m) => m.name as Metric);
}

export function isMetric(value: string): value is Metric {
  return vocabulary().metrics.some((m) => m.name === value);
}

export function lessIsBetter(metric: Metric): boolean {
  return metricInfo(metric).better === "lower";
}

export function metricTitle(metric: Metric): string {
  const info = metricInfo(metric);
  return `${info.label} (${info.unit})`;
}

/** Number formatting for tables and hover: up to 4 significant digits past the integer part, no exponent below 1e15. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-4)) return value.toExponential(3);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 3 : 4;
  return (FORMATS[digits] ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: digits })).format(value);
}

/** One formatter per digit count: `toLocaleString` with options builds a new one per call (a 200 x 20 matrix took seconds). */
const FORMATS: Record<number, Intl.NumberFormat> = {};

/** Ratio shown as "1.234x". */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return "—";
  return `${ratio.toFixed(3)}x`;
}

export function displayUnits(metric: Metric): Array<{ unit: string; scale: number }> {
  return metricInfo(metric).display_units;
}

export function unitScale(metric: Metric, unit: string | null): { unit: string; scale: number } {
  const units = displayUnits(metric);
  return units.find((u) => u.unit === unit) ?? units[0] ?? { unit: metricInfo(metric).unit, scale: 1 };
}

export function isDisplayUnit(unit: string): boolean {
  return vocabulary().metrics.some((m) => m.display_units.some((u) => u.unit === unit));
}

/** Metrics with at least one figure under the filters (facets' `metrics` counts); all of them if not given. */
export function availableMetrics(counts: Array<{ value: string | null; count: number }> | undefined): Metric[] {
  if (!counts) return metrics();
  const present = new Set(counts.filter((m) => m.count > 0).map((m) => m.value));
  return metrics().filter((m) => present.has(m));
}
