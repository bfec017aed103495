/** Dimensions are the API's filter keys: fixed names, then `param.<key>` and `tag.<key>` (the server's grammar). */
import { vocabulary } from "./vocabulary";

export function dimensionLabel(dimension: string): string {
  const { labels, prefixes } = vocabulary().dimensions;
  const known = labels[dimension];
  if (known !== undefined) return known;
  const prefix = prefixes.find((p) => dimension.startsWith(p));
  if (prefix === undefined) return dimension;
  return `${dimension.slice(prefix.length).replaceAll("_", " ")} (${prefix.slice(0, -1)})`;
}

export function isDimension(key: string): boolean {
  const { fixed, prefixes, key_pattern } = vocabulary().dimensions;
  if (fixed.includes(key)) return true;
  const prefix = prefixes.find((p) => key.startsWith(p));
  return prefix !== undefined && new RegExp(key_pattern).test(key.slice(prefix.length));
}

/** Text for a dimension value in legends and tables; absent values get an explicit marker. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  return String(value);
}
