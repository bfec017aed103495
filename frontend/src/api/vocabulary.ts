/**
 * The server's vocabulary (GET /api/v1/vocabulary): metrics, units, dimensions, canonical names and
 * the verdict rule, held by react-query like every answer. `useVocabulary()` loads it; the app renders
 * its pages once it is here (App.tsx), and lib modules read it from the query cache with
 * `vocabulary()`, keeping no copy of their own.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./client";
import { queryClient } from "./queryClient";
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

/** The vocabulary query: pages render under it once its `data` is here. */
export function useVocabulary() {
  return useQuery(vocabularyQuery(), queryClient);
}

/** The loaded vocabulary, for code that runs under a page (which renders only once it is loaded). */
export function vocabulary(): Vocabulary {
  const loaded = queryClient.getQueryData(vocabularyQuery().queryKey);
  if (loaded === undefined) throw new Error("the vocabulary is read before it was loaded");
  return loaded;
}
