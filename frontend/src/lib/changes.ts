/** Changes and change events as people read them: what changed (the server's line diff), the evidence. Pure. */
import type {
  Acknowledgement,
  Change,
  ChangeEvent,
  Evidence,
  EventEvidence,
  FactChange,
} from "../api/types";
import type { Vocabulary } from "../api/vocabulary";
import { formatNumber, isMetric, metricFormatter } from "./units";

/** One side of a differing run field: its differing lines, or "(none)". */
export function sideText(lines: string[]): string {
  return lines.length ? lines.join(" / ") : "(none)";
}

/** "tool_build CPUINFO: …=0xfffa… → CPUINFO: …=0xfdfa…": only the lines that differ. */
export function factText(fact: FactChange): string {
  const before = fact.hunks.flatMap((h) => h.before);
  const after = fact.hunks.flatMap((h) => h.after);
  return `${fact.fact} ${sideText(before)} → ${sideText(after)}`;
}

export function whatChangedText(what: FactChange[]): string {
  return what.length ? what.map(factText).join("; ") : "nothing recorded changed";
}

/** A relative noise as a percentage: 0.0123 -> "1.2%". */
export function noiseText(noise: number): string {
  return `${(noise * 100).toFixed(noise < 0.001 ? 2 : 1)}%`;
}

function zText(z: number): string {
  return z >= 100 ? z.toFixed(0) : z.toFixed(1);
}

/** What a deterministic metric's change stands on (instruction counts: no noise to measure). */
const DETERMINISTIC = "deterministic count: any step beyond 0 is real";

/** "z 12.3 against 1.2% run-to-run noise (8 runs before, 3 after)", or "few points (…)" first. */
export function evidenceText(e: Evidence): string {
  const runs = `${e.before_n} run${e.before_n === 1 ? "" : "s"} before, ${e.after_n} after`;
  if (e.deterministic) return `${DETERMINISTIC} (${runs})`;
  const strength =
    e.z === null
      ? "no run-to-run noise"
      : `z ${zText(e.z)} against ${noiseText(e.noise)} run-to-run noise`;
  return e.few_points ? `few points (${runs}): ${strength}` : `${strength} (${runs})`;
}

/** An event's evidence: its weakest change. */
export function eventEvidenceText(e: EventEvidence): string {
  if (e.deterministic) return DETERMINISTIC;
  const strength =
    e.z_min === null
      ? "no run-to-run noise"
      : `z ≥ ${zText(e.z_min)} against ≤ ${noiseText(e.noise_max)} noise`;
  return e.few_points ? `few points: ${strength}` : strength;
}

/** In the run verdicts' words: "10 regressed", "1 regressed, 2 improved". */
export function eventCounts(event: ChangeEvent): string {
  const part = (n: number, word: string) => (n ? `${n} ${word}` : "");
  return [part(event.regressions, "regressed"), part(event.improvements, "improved")]
    .filter(Boolean)
    .join(", ");
}

/** A person's word: "expected by ops: AES-NI masked on purpose". */
export function wordText(word: Acknowledgement): string {
  return `${word.kind} by ${word.author}: ${word.note}`;
}

/** " (opt_level -Os)": the variant tags an event's lineages keep, or nothing. */
export function variantText(variant: Record<string, string>): string {
  const parts = Object.entries(variant).map(([k, v]) => `${k} ${v}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** The event's direction for colour: both when it moved series both ways. */
export function eventDirection(event: ChangeEvent): "regression" | "improvement" | "mixed" {
  if (event.regressions && event.improvements) return "mixed";
  return event.regressions ? "regression" : "improvement";
}

/** The runs a change compares, for GET /compare. */
export function compareHref(c: Change): string {
  return `/compare?${new URLSearchParams({ baseline: c.baseline_run_id, contender: c.run_id, metric: c.metric })}`;
}

/** "1.13 GB/s → 283 MB/s": each level in the unit it reads best in. */
export function levelsText(vocabulary: Vocabulary, c: Change): string {
  if (!isMetric(vocabulary, c.metric))
    return `${formatNumber(c.before)} → ${formatNumber(c.after)} ${c.unit}`;
  const format = metricFormatter(vocabulary, c.metric);
  return `${format(c.before)} → ${format(c.after)}`;
}
