/**
 * The server's vocabulary (GET /api/v1/vocabulary): metrics, units, dimensions, canonical names and
 * the verdict rule. App loads it once (`vocabularyQuery`, held by react-query like every answer) and
 * renders the pages under a `VocabularyProvider` of the loaded value; components read it with
 * `useVocabulary()` and hand it to the lib functions that need it, which take it as their first
 * argument and keep no copy of their own.
 */
import { createContext, createElement, useContext, type ReactNode } from "react";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "./client";
import type { components } from "./schema.gen";

export type Vocabulary = components["schemas"]["Vocabulary"];
export type MetricInfo = components["schemas"]["MetricInfo"];
/** How a metric's unit steps up: decimal (kB/s, MB/s), binary (KiB, MiB), time (ns, µs, ms, s) or counts (k, M). */
export type Prefix = MetricInfo["prefix"];
/** A numeric dimension: the unit of its values and the axis scale they are drawn on. */
export type NumericDimension = components["schemas"]["NumericDimension"];

export const vocabularyQuery = () =>
  queryOptions({
    queryKey: ["vocabulary"],
    queryFn: () => getJson<Vocabulary>("/vocabulary"),
    staleTime: Infinity,
  });

const VocabularyContext = createContext<Vocabulary | null>(null);

/** Gives its children the loaded vocabulary. */
export function VocabularyProvider({
  value,
  children,
}: {
  value: Vocabulary;
  children: ReactNode;
}) {
  return createElement(VocabularyContext, { value }, children);
}

/** The loaded vocabulary, for a component under the VocabularyProvider (every page is). */
export function useVocabulary(): Vocabulary {
  const loaded = useContext(VocabularyContext);
  if (loaded === null) throw new Error("the vocabulary is read before it was loaded");
  return loaded;
}
