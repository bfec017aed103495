/**
 * Chart axes from the vocabulary given: value axes whose every tick carries its unit ("1.8 GB/s", never
 * Plotly's SI "1.8B"), and dimension axes: sizes on a log2 axis ("16 B", "1 KiB", "1 MiB"), other
 * numeric dimensions numeric, versions in version order, the rest categories. Pure.
 */
import type { Layout } from "plotly.js";
import type { DimValue } from "./chartData";
import { valueText } from "./dimensions";
import { plotText } from "./plotText";
import { formatNumber, formatQuantity } from "./units";
import type { NumericDimension, Vocabulary } from "../api/vocabulary";

export type Axis = Partial<Layout["xaxis"]>;

/** At most this many labelled ticks on a value axis or a log2 dimension axis. */
const MAX_TICKS = 9;
/** A numeric dimension with at most this many values gets a tick at each of them. */
const VALUE_TICKS = 12;

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

/** Tick positions for values in [lo, hi]: powers of ten (with 2 and 5, or 3, over few decades) on a log axis, 1-2-5 steps on a linear one (include 0 in the values for bars). */
export function valueTicks(lo: number, hi: number, log: boolean): number[] {
  if (!(hi > 0) || !Number.isFinite(hi)) return [];
  if (log) {
    const first = Math.floor(Math.log10(lo > 0 ? lo : hi));
    const last = Math.ceil(Math.log10(hi));
    const decades = last - first;
    const mantissas = decades <= 2 ? [1, 2, 5] : decades <= 5 ? [1, 3] : [1];
    const every = Math.max(1, Math.ceil(decades / MAX_TICKS));
    const ticks: number[] = [];
    for (let e = first; e <= last; e += every)
      for (const m of mantissas) ticks.push(Number((m * 10 ** e).toPrecision(12)));
    return ticks;
  }
  const low = Math.min(lo, hi);
  const step = niceStep((hi - low) / 5 || Math.abs(hi) / 5);
  const ticks: number[] = [];
  for (let t = Math.ceil(low / step) * step; t <= Math.ceil(hi / step) * step + step / 2; t += step)
    ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** A value axis: its title names the unit, each tick is `format(tick)` (the unit in the tick's own step). */
export function valueAxis(
  values: number[],
  log: boolean,
  format: (v: number) => string,
  title: string,
): Axis {
  const finite = values.filter((v) => Number.isFinite(v) && (!log || v > 0));
  const ticks =
    finite.length === 0 ? [] : valueTicks(Math.min(...finite), Math.max(...finite), log);
  const texts = ticks.map((t) => (t === 0 ? "0" : format(t)));
  return {
    title: { text: titleInTickUnit(title, texts) },
    type: log ? "log" : "linear",
    automargin: true,
    ...(ticks.length > 0 ? { tickmode: "array" as const, tickvals: ticks, ticktext: texts } : {}),
  };
}

/**
 * An axis title names the unit its ticks read in, or none: a title's "(ms/op)" (a unit: no spaces) becomes the
 * ticks' one unit, and goes when the ticks read in several ("30 MB/s" to "10 GB/s": "throughput", not "throughput (MB/s)").
 */
export function titleInTickUnit(title: string, ticks: string[]): string {
  const units = new Set(ticks.map((t) => t.replace(/^[-+−\d.,]+\s*/, "")).filter((u) => u !== ""));
  if (units.size === 0) return title;
  const unit = units.size === 1 ? ` (${[...units][0]})` : "";
  return title.replace(/ \([^()\s<>]+\)(?=<br>|$)/, unit);
}

export function numericDimension(
  vocabulary: Vocabulary,
  dim: string,
): NumericDimension | undefined {
  return vocabulary.dimensions.numeric[dim];
}

export function isVersionDimension(vocabulary: Vocabulary, dim: string): boolean {
  const { versions, version_suffix } = vocabulary.dimensions;
  return versions.includes(dim) || dim.endsWith(version_suffix);
}

/** "3.9" before "3.10", "1.1.1g" before "1.1.1h"; absent values last. */
export function compareVersions(a: DimValue, b: DimValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const parts = (v: DimValue) =>
    String(v)
      .split(/(\d+)/)
      .filter((p) => p !== "");
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const [x, y] = [pa[i] ?? "", pb[i] ?? ""];
    const diff = /^\d/.test(x) && /^\d/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return pa.length - pb.length;
}

const isNumber = (v: DimValue): v is number => typeof v === "number" && Number.isFinite(v);

/** The order a dimension's values are drawn in: numeric, version order, or as first seen (the server's order). */
export function dimensionOrder(
  vocabulary: Vocabulary,
  dim: string,
  values: DimValue[],
): DimValue[] {
  const seen = [...new Map(values.map((v) => [valueText(v), v])).values()];
  if (seen.every(isNumber)) return seen.sort((a, b) => a - b);
  if (isVersionDimension(vocabulary, dim)) return seen.sort(compareVersions);
  return seen;
}

/** A dimension value as an axis tick or hover names it: "1 KiB", "2048 bit", "secp256k1". */
export function dimensionValueText(vocabulary: Vocabulary, dim: string, value: DimValue): string {
  const numeric = numericDimension(vocabulary, dim);
  if (numeric === undefined || !isNumber(value)) return valueText(value);
  if (numeric.unit === "B") return formatQuantity(value, "B", "binary");
  return `${Number.isInteger(value) ? String(value) : formatNumber(value)} ${numeric.unit}`;
}

/** A category as the traces plot it and the axis draws it: the value's text, escaped for Plotly (lib/plotText). */
export function categoryText(value: DimValue): string {
  return plotText(valueText(value));
}

/** Log2 tick positions: each value when few, else powers of two at most MAX_TICKS. */
export function log2Ticks(values: number[]): number[] {
  if (values.length <= VALUE_TICKS) return values;
  const first = Math.floor(Math.log2(Math.min(...values)));
  const last = Math.ceil(Math.log2(Math.max(...values)));
  const every = [1, 2, 3, 4, 5, 10].find((k) => (last - first) / k < MAX_TICKS) ?? 10;
  const ticks: number[] = [];
  for (let e = first; e <= last; e += every) ticks.push(2 ** e);
  return ticks;
}

/** Where a numeric dimension's value sits on its axis: log2 of it on a log2 axis (bars keep equal widths), else itself. */
export type Position = (value: number) => number;

/**
 * The axis of a dimension with these values (in drawing order): numeric when the vocabulary says so
 * and every value is a positive number, else categories in `dimensionOrder`. A log2 dimension is
 * drawn at log2 of its values on a linear axis, ticks labelled with the values ("16 B", "1 KiB");
 * `position` (null for categories) places a value on it.
 */
export function dimensionAxis(
  vocabulary: Vocabulary,
  dim: string,
  order: DimValue[],
  title: string,
): { axis: Axis; position: Position | null } {
  const info = numericDimension(vocabulary, dim);
  const numbers = order.filter(isNumber);
  if (
    info !== undefined &&
    numbers.length === order.length &&
    numbers.length > 0 &&
    numbers.every((v) => v > 0)
  ) {
    const log = info.scale === "log2";
    const position: Position = log ? Math.log2 : (v) => v;
    const ticks = log ? log2Ticks(numbers) : numbers.length <= VALUE_TICKS ? numbers : [];
    return {
      position,
      axis: {
        title: { text: log ? `${title}, log scale` : title },
        type: "linear",
        automargin: true,
        zeroline: false,
        ...(ticks.length > 0
          ? {
              tickmode: "array" as const,
              tickvals: ticks.map(position),
              ticktext: ticks.map((t) => dimensionValueText(vocabulary, dim, t)),
            }
          : {}),
      },
    };
  }
  return {
    position: null,
    axis: {
      title: { text: title },
      type: "category",
      categoryorder: "array",
      categoryarray: order.map(categoryText),
      automargin: true,
    },
  };
}
