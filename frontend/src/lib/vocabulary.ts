/**
 * The server's vocabulary (GET /api/v1/vocabulary): metrics, units, dimensions, canonical names and
 * the verdict rule. The app loads it once before rendering (App.tsx); lib modules read it here and
 * keep no copy of their own.
 */
import type { components } from "../api/schema.gen";

/** How a metric's unit steps up: decimal (kB/s, MB/s), binary (KiB, MiB), time (ns, µs, ms, s) or counts (k, M). */
export type Prefix = "binary" | "decimal" | "time" | "count";

/** A numeric dimension: the unit of its values and the axis scale they are drawn on. */
export interface NumericDimension {
  unit: string;
  scale: "log2" | "linear";
}

export type MetricInfo = components["schemas"]["MetricInfo"] & { prefix: Prefix };
type Dimensions = components["schemas"]["Vocabulary"]["dimensions"] & {
  numeric: Record<string, NumericDimension>;
  /** Dimensions whose values sort as versions, as does any whose name ends in `version_suffix`. */
  versions: string[];
  version_suffix: string;
  /** Per prefix, the label of a key the vocabulary does not name: `{key}` is the key, underscores as spaces. */
  unknown_labels: Record<string, string>;
};
export type Vocabulary = Omit<components["schemas"]["Vocabulary"], "metrics" | "dimensions"> & {
  metrics: MetricInfo[];
  dimensions: Dimensions;
  /** The plausibility flags a stored figure may carry, with what each means. */
  flags: Record<string, string>;
};

let current: Vocabulary | null = null;

export function setVocabulary(vocabulary: Vocabulary): void {
  current = vocabulary;
}

export function vocabulary(): Vocabulary {
  if (current === null) throw new Error("the vocabulary is read before it was loaded");
  return current;
}
