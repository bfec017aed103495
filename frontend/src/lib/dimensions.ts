/** Dimensions are the API's filter keys: fixed names, `param.<name>` and `tag.<name>`. */
export const FIXED_DIMENSIONS = [
  "algorithm",
  "operation",
  "family",
  "library",
  "library_version",
  "machine",
  "source",
  "run",
  "name",
] as const;

const LABELS: Record<string, string> = {
  algorithm: "algorithm",
  operation: "operation",
  family: "family",
  library: "library",
  library_version: "library version",
  machine: "machine",
  source: "source",
  run: "run",
  name: "benchmark name",
  "param.key_bits": "key size (bits)",
  "param.message_bytes": "message size (bytes)",
  "param.block_bytes": "block size (bytes)",
  "param.curve": "curve",
  "param.padding": "padding",
  "param.hash": "hash",
  "tag.opt_level": "optimization level",
  "tag.engine": "engine",
};

export function dimensionLabel(dimension: string): string {
  const known = LABELS[dimension];
  if (known !== undefined) return known;
  const dot = dimension.indexOf(".");
  const name = dot >= 0 ? dimension.slice(dot + 1) : dimension;
  const kind = dimension.startsWith("tag.") ? "tag" : dimension.startsWith("param.") ? "param" : "";
  return kind ? `${name.replaceAll("_", " ")} (${kind})` : name;
}

export function isDimension(key: string): boolean {
  return (
    (FIXED_DIMENSIONS as readonly string[]).includes(key) ||
    /^(param|tag)\.[A-Za-z0-9_\-.]+$/.test(key)
  );
}

/** Text for a dimension value in legends and tables; absent values get an explicit marker. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  return String(value);
}
