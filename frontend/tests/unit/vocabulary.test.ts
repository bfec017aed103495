import { describe, expect, it } from "vitest";
import { queryClient } from "../../src/api/queryClient";
import { vocabulary, vocabularyQuery } from "../../src/api/vocabulary";
import { paramDimension, paramKey } from "../../src/lib/dimensions";
import { isFitDimension } from "../../src/lib/fits";
import { standardSizes } from "../../src/lib/tradeoff";
import { convert, metricLabel } from "../../src/lib/units";

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

describe("what the UI used to copy comes from the vocabulary", () => {
  it("converts figures by the served conversion table", () => {
    expect(convert(1.8e9, "bytes_per_s", "ns_per_op", { bytes: 1024 })).toBeCloseTo(1e9 / (1.8e9 / 1024), 9);
    expect(convert(80, "cycles_per_op", "ns_per_op", {})).toBeNull();
    expect(convert(80, "cycles_per_op", "ns_per_op", { clock: 2.4e9 })).toBeCloseTo((80 * 1e9) / 2.4e9, 12);
    expect(convert(1000, "instructions_per_op", "instructions_per_byte", { bytes: 16 })).toBe(62.5);
    expect(convert(1000, "instructions_per_op", "ns_per_op", { clock: 1e9, bytes: 16 })).toBeNull();
  });

  it("builds param dimensions by the served grammar", () => {
    expect(paramDimension("curve")).toBe("param.curve");
    expect(paramKey("param.key_bits")).toBe("key_bits");
    expect(paramKey("tag.opt_level")).toBeUndefined();
  });

  it("takes the fit's sizes and the standard sizes from the vocabulary", () => {
    expect(["param.block_bytes", "param.message_bytes", "param.key_bits"].map(isFitDimension)).toEqual([true, true, false]);
    expect(standardSizes()).toEqual(["public_key_bytes", "signature_bytes", "ciphertext_bytes", "shared_secret_bytes"]);
  });
});
