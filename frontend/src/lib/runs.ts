/** Pure helpers for run lists, run comparison and machine fields. */
import type { Difference, MachineOut, RunDetail } from "../api/types";

export function tagsText(tags: Record<string, string>): string {
  return Object.entries(tags)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
}

export interface FieldDiff {
  field: string;
  baseline: string;
  contender: string;
  differs: boolean;
}

const MACHINE_FIELDS: Array<keyof MachineOut> = ["name", "arch", "cpu_model", "cores", "os", "board"];

function text(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function sideBySide(a: RunDetail, b: RunDetail): FieldDiff[] {
  const rows: FieldDiff[] = [];
  const add = (field: string, x: unknown, y: unknown) =>
    rows.push({ field, baseline: text(x), contender: text(y), differs: text(x) !== text(y) });
  const tagKeys = [...new Set([...Object.keys(a.tags), ...Object.keys(b.tags)])].sort();
  for (const k of tagKeys) add(`tag.${k}`, a.tags[k], b.tags[k]);
  for (const f of MACHINE_FIELDS) add(`machine.${f}`, a.machine[f], b.machine[f]);
  add("clock_hz", a.clock_hz, b.clock_hz);
  add("tool.name", a.tool.name, b.tool.name);
  add("tool.version", a.tool.version, b.tool.version);
  add("source", a.source, b.source);
  return rows;
}

/**
 * Tags, machine, clock and tool of two runs side by side, the differing ones first: the server's
 * list of differences when it gives one, then every other field compared here.
 */
export function runDifferences(a: RunDetail, b: RunDetail, server: Difference[] = []): FieldDiff[] {
  const local = sideBySide(a, b);
  const fromServer = server.map((d) => ({ field: d.field, baseline: text(d.baseline), contender: text(d.contender), differs: true }));
  const named = new Set(fromServer.map((d) => d.field));
  const rest = local.filter((r) => !named.has(r.field));
  return [...fromServer, ...rest.filter((r) => r.differs), ...rest.filter((r) => !r.differs)];
}

export type Verdict = "better" | "worse" | "same";

/** ratio = contender / baseline; better means the contender wins for this metric's direction. */
export function verdict(ratio: number | null, lessIsBetter: boolean, tolerance = 0.01): Verdict | null {
  if (ratio === null || !Number.isFinite(ratio) || ratio <= 0) return null;
  if (Math.abs(Math.log(ratio)) < Math.log1p(tolerance)) return "same";
  return ratio < 1 === lessIsBetter ? "better" : "worse";
}

export function paramsText(params: Record<string, unknown>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${text(params[k])}`)
    .join(", ");
}
