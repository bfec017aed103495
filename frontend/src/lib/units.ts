/** Metrics, their units and direction: mirrors cryptobench_contract.units (CANONICAL_UNIT, LESS_IS_BETTER). */
export const METRICS = ["ns_per_op", "ops_per_s", "cycles_per_op", "bytes_per_s", "cycles_per_byte"] as const;
export type Metric = (typeof METRICS)[number];

interface MetricDef {
  label: string;
  unit: string;
  lessIsBetter: boolean;
}

export const METRIC_DEFS: Record<Metric, MetricDef> = {
  ns_per_op: { label: "time per operation", unit: "ns/op", lessIsBetter: true },
  ops_per_s: { label: "operations per second", unit: "ops/s", lessIsBetter: false },
  cycles_per_op: { label: "CPU cycles per operation", unit: "cycles/op", lessIsBetter: true },
  bytes_per_s: { label: "throughput", unit: "B/s", lessIsBetter: false },
  cycles_per_byte: { label: "CPU cycles per byte", unit: "cycles/B", lessIsBetter: true },
};

export function isMetric(value: string): value is Metric {
  return (METRICS as readonly string[]).includes(value);
}

export function metricTitle(metric: Metric): string {
  const def = METRIC_DEFS[metric];
  return `${def.label} (${def.unit})`;
}

/** Number formatting for tables and hover: up to 4 significant digits past the integer part, no exponent below 1e15. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-4)) return value.toExponential(3);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 3 : 4;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** Ratio shown as "1.234x". */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return "—";
  return `${ratio.toFixed(3)}x`;
}

/** Display units per metric, with their scale to the canonical unit (cryptobench_contract.units.UNITS). */
export const DISPLAY_UNITS: Record<Metric, Array<{ unit: string; scale: number }>> = {
  ns_per_op: [
    { unit: "ns/op", scale: 1 },
    { unit: "us/op", scale: 1e3 },
    { unit: "ms/op", scale: 1e6 },
    { unit: "s/op", scale: 1e9 },
  ],
  ops_per_s: [
    { unit: "ops/s", scale: 1 },
    { unit: "ops/ms", scale: 1e3 },
  ],
  cycles_per_op: [
    { unit: "cycles/op", scale: 1 },
    { unit: "kcycles/op", scale: 1e3 },
    { unit: "Mcycles/op", scale: 1e6 },
  ],
  bytes_per_s: [
    { unit: "B/s", scale: 1 },
    { unit: "kB/s", scale: 1e3 },
    { unit: "MB/s", scale: 1e6 },
    { unit: "MiB/s", scale: 1048576 },
  ],
  cycles_per_byte: [{ unit: "cycles/B", scale: 1 }],
};

export function unitScale(metric: Metric, unit: string | null): { unit: string; scale: number } {
  const units = DISPLAY_UNITS[metric];
  return units.find((u) => u.unit === unit) ?? units[0] ?? { unit: METRIC_DEFS[metric].unit, scale: 1 };
}

export function isDisplayUnit(unit: string): boolean {
  return Object.values(DISPLAY_UNITS).some((units) => units.some((u) => u.unit === unit));
}

/** Metrics with at least one figure under the filters (facets' `metrics` counts); all of them if not given. */
export function availableMetrics(counts: Array<{ value: string | null; count: number }> | undefined): Metric[] {
  if (!counts) return [...METRICS];
  const present = new Set(counts.filter((m) => m.count > 0).map((m) => m.value));
  return METRICS.filter((m) => present.has(m));
}
