/** Pure helpers for run lists and run fields (comparisons come from the server: GET /compare). */

/** A run page's title: "bbb-01 · openssl 3.0.13 · 3 Apr 2026, 10:04" (the date as the page shows dates). */
export function runTitle(
  run: {
    machine: { name: string };
    tool: { name: string; version?: string | null };
    source: string;
  },
  date: string,
): string {
  const tool = [run.tool.name, run.tool.version].filter(Boolean).join(" ") || run.source;
  return [run.machine.name, tool, date].join(" · ");
}

export function tagsText(tags: Record<string, string>): string {
  return Object.entries(tags)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
}

/** A run field's value as text: "—" when absent, JSON for objects. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function paramsText(params: Record<string, unknown>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${fieldText(params[k])}`)
    .join(", ");
}
