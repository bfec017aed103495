import { describe, expect, it } from "vitest";
import { dimensionLabel, isDimension } from "../../src/lib/dimensions";
import { fieldText, paramsText } from "../../src/lib/runs";
import { availableMetrics, formatNumber, formatRatio, unitScale } from "../../src/lib/units";

describe("units", () => {
  it("formats numbers for people and marks absent ones", () => {
    expect(formatNumber(54180000)).toBe("54,180,000");
    expect(formatNumber(1266.561)).toBe("1,266.56");
    expect(formatNumber(54.18)).toBe("54.18");
    expect(formatNumber(null)).toBe("—");
    expect(formatRatio(1.5)).toBe("1.500x");
  });

  it("offers only metrics with figures, in the fixed order", () => {
    const counts = [
      { value: "ops_per_s", count: 12 },
      { value: "ns_per_op", count: 12 },
      { value: "bytes_per_s", count: 0 },
    ];
    expect(availableMetrics(counts)).toEqual(["ns_per_op", "ops_per_s"]);
    expect(availableMetrics(undefined)).toHaveLength(5);
  });

  it("finds display units and falls back to the canonical one", () => {
    expect(unitScale("ns_per_op", "ms/op")).toEqual({ unit: "ms/op", scale: 1e6 });
    expect(unitScale("ns_per_op", "kB/s")).toEqual({ unit: "ns/op", scale: 1 });
  });
});

describe("dimensions", () => {
  it("accept any key the server's grammar accepts, spaces included", () => {
    expect(isDimension("tag.board revision")).toBe(true);
    expect(isDimension("param.key_bits")).toBe(true);
    expect(isDimension("library")).toBe(true);
    expect(isDimension('tag.a"b')).toBe(false);
    expect(isDimension("nonsense")).toBe(false);
  });

  it("label known dimensions from the vocabulary and others by their kind", () => {
    expect(dimensionLabel("param.key_bits")).toBe("key size (bits)");
    expect(dimensionLabel("tag.board_revision")).toBe("board revision (tag)");
  });
});

describe("run fields", () => {
  it("shows absent values and objects readably", () => {
    expect(fieldText(null)).toBe("—");
    expect(fieldText({ a: 1 })).toBe('{"a":1}');
    expect(paramsText({ padding: "pss", key_bits: 2048 })).toBe("key_bits=2048, padding=pss");
  });
});
