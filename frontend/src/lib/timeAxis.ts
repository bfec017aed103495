/**
 * A date axis for run start times that reads as dates. Plotly picks its ticks from the span of the
 * values: runs that all started at one instant (the demo data) get ticks a millisecond apart
 * ("23:59:59.999"), and runs a few days apart get ticks every 12 hours. Here the ticks are whole
 * days (a date each), or times of day only when every run started within one day. Pure.
 */
import type { Layout } from "plotly.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick steps within a day, each a whole number of minutes from midnight. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map((m) => m * MINUTE);
/** Tick steps in days; beyond the last, Plotly's own steps and labels ("Mar 2026", "2027") read as dates. */
const DAY_STEPS = [1, 2, 7, 14].map((d) => d * DAY);
/** About this many ticks fit a phone's width with a date each. */
const TICKS = 4;
/** Runs that started at one instant: the range reaches this far either side, three day ticks inside it. */
const INSTANT_PAD = 1.5 * DAY;
/** Runs within one day: the range is at least this wide, so that ticks are minutes, never seconds. */
const MIN_TIME_SPAN = HOUR;

const DATE = "%-d %b %Y";
const DATE_TIME = "%H:%M<br>%-d %b %Y";

/** A time (ms since the epoch) as Plotly reads a date: "2020-06-01 00:00:00", in UTC as the values are. */
function plotDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** The first step at least `wanted` wide, or undefined when even the last is narrower. */
const stepFor = (steps: number[], wanted: number): number | undefined =>
  steps.find((s) => s >= wanted);

/** The x axis (type, ticks, range) for points at these ISO times. */
export function timeAxis(times: string[]): Partial<Layout["xaxis"]> {
  const ms = times.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t));
  const base = { type: "date" as const };
  if (ms.length === 0) return { ...base, tickformat: DATE };
  const first = Math.min(...ms);
  const last = Math.max(...ms);
  const span = last - first;
  if (span === 0)
    return {
      ...base,
      tickformat: DATE,
      dtick: DAY,
      range: [plotDate(first - INSTANT_PAD), plotDate(first + INSTANT_PAD)],
    };
  if (span < DAY) {
    const pad = Math.max(span * 0.1, (MIN_TIME_SPAN - span) / 2);
    const step = stepFor(TIME_STEPS, (span + 2 * pad) / TICKS) ?? DAY;
    return {
      ...base,
      tickformat: DATE_TIME,
      dtick: step,
      range: [plotDate(first - pad), plotDate(last + pad)],
    };
  }
  const step = stepFor(DAY_STEPS, span / TICKS);
  return step === undefined ? base : { ...base, tickformat: DATE, dtick: step };
}
