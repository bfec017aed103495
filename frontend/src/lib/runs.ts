/** Pure helpers for run lists and run fields (comparisons come from the server: GET /compare). */

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
