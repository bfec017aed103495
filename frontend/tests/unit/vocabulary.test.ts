import { describe, expect, it } from "vitest";
import { queryClient } from "../../src/api/queryClient";
import { vocabulary, vocabularyQuery } from "../../src/api/vocabulary";
import { metricLabel } from "../../src/lib/units";

const KEY = vocabularyQuery().queryKey;

describe("the vocabulary is react-query's answer, read where it is held", () => {
  it("lib modules read the answer the query cache holds, not a copy made at render", () => {
    const loaded = vocabulary();
    const renamed = { ...loaded, metrics: loaded.metrics.map((m) => (m.name === "ns_per_op" ? { ...m, label: "time per call" } : m)) };
    queryClient.setQueryData(KEY, renamed);
    try {
      expect(metricLabel("ns_per_op")).toBe("time per call");
    } finally {
      queryClient.setQueryData(KEY, loaded);
    }
    expect(metricLabel("ns_per_op")).toBe(loaded.metrics.find((m) => m.name === "ns_per_op")?.label);
  });

  it("says so when it is read before it was loaded", () => {
    const loaded = vocabulary();
    queryClient.removeQueries({ queryKey: KEY });
    try {
      expect(() => vocabulary()).toThrow("the vocabulary is read before it was loaded");
    } finally {
      queryClient.setQueryData(KEY, loaded);
    }
  });
});
