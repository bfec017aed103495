/** Dimensions are the API's filter keys: fixed names, then `param.<key>` and `tag.<key>` (the grammar of the vocabulary given). */
import type { Vocabulary } from "../api/vocabulary";

export function dimensionLabel(vocabulary: Vocabulary, dimension: string): string {
  const { labels, prefixes, unknown_labels } = vocabulary.dimensions;
  const known = labels[dimension];
  if (known !== undefined) return known;
  const prefix = prefixes.find((p) => dimension.startsWith(p));
  const pattern = prefix === undefined ? undefined : unknown_labels[prefix];
  if (prefix === undefined || pattern === undefined) return dimension;
  return pattern.replace("{key}", dimension.slice(prefix.length).replaceAll("_", " "));
}

/** The dimension of a result's param `key` (`param.<key>` in the server's grammar). */
export function paramDimension(vocabulary: Vocabulary, key: string): string {
  return vocabulary.dimensions.param_prefix + key;
}

/** The param key a dimension names; undefined when it is not a param's. */
export function paramKey(vocabulary: Vocabulary, dimension: string): string | undefined {
  const prefix = vocabulary.dimensions.param_prefix;
  return dimension.startsWith(prefix) ? dimension.slice(prefix.length) : undefined;
}

export function isDimension(vocabulary: Vocabulary, key: string): boolean {
  const { fixed, prefixes, key_pattern } = vocabulary.dimensions;
  if (fixed.includes(key)) return true;
  const prefix = prefixes.find((p) => key.startsWith(p));
  return prefix !== undefined && new RegExp(key_pattern).test(key.slice(prefix.length));
}

/** Text for a dimension value in legends and tables; absent values get an explicit marker. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  return String(value);
}
