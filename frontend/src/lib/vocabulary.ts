/**
 * The server's vocabulary (GET /api/v1/vocabulary): metrics, units, dimensions, canonical names and
 * the verdict rule. The app loads it once before rendering (App.tsx); lib modules read it here and
 * keep no copy of their own.
 */
import type { components } from "../api/schema.gen";

export type Vocabulary = components["schemas"]["Vocabulary"];
export type MetricInfo = components["schemas"]["MetricInfo"];
/** How a metric's unit steps up: decimal (kB/s, MB/s), binary (KiB, MiB), time (ns, µs, ms, s) or counts (k, M). */
export type Prefix = MetricInfo["prefix"];
/** A numeric dimension: the unit of its values and the axis scale they are drawn on. */
export type NumericDimension = components["schemas"]["NumericDimension"];

let current: Vocabulary | null = null;

export function setVocabulary(vocabulary: Vocabulary): void {
  current = vocabulary;
}

export function vocabulary(): Vocabulary {
  if (current === null) throw new Error("the vocabulary is read before it was loaded");
  return current;
}
