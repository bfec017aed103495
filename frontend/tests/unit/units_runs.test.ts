import { describe, expect, it } from "vitest";
import { dimensionLabel, isDimension } from "../../src/lib/dimensions";
import { fieldText, paramsText } from "../../src/lib/runs";
import {
  availableMetrics,
  chartUnit,
  csvNumber,
  digitsApart,
  formatNumber,
  formatQuantity,
  formatRatio,
  formatReported,
  ladder,
  metricFormatter,
  unitScale,
  viewFormatter,
} from "../../src/lib/units";
import { VOCABULARY } from "./fixtures";

describe("the number formatter", () => {
  it("steps a figure to the unit it reads best in", () => {
    expect(formatQuantity(1.8e9, "B/s", "decimal")).toBe("1.8 GB/s");
    expect(formatQuantity(4.576e4, "ns", "time")).toBe("45.8 µs");
    expect(formatQuantity(2.96e6, "ns/op", "time")).toBe("2.96 ms/op");
    expect(formatQuantity(1024, "B", "binary")).toBe("1 KiB");
    expect(formatQuantity(1_048_576, "B", "binary")).toBe("1 MiB");
    expect(formatQuantity(16, "B", "binary")).toBe("16 B");
    expect(formatQuantity(1_436_800_595.35, "B/s", "decimal")).toBe("1.44 GB/s");
    expect(formatQuantity(2_500_000, "cycles/op", "count")).toBe("2.5 Mcycles/op");
  });

  it("never shows a step's worth in the one below: 999.7 µs is 1 ms", () => {
    expect(formatQuantity(999_700, "ns", "time")).toBe("1 ms");
    expect(formatQuantity(999.4, "B/s", "decimal")).toBe("999 B/s");
  });

  it("marks an absent figure with a dash", () => {
    expect(formatQuantity(null, "B/s", "decimal")).toBe("—");
    expect(formatQuantity(undefined, "ns", "time")).toBe("—");
    expect(formatQuantity(Number.NaN, "ns", "time")).toBe("—");
    expect(formatNumber(null)).toBe("—");
  });

  it("keeps 3 significant digits, 4 from a thousand up, and no exponent in the usual range", () => {
    expect(formatNumber(54180000)).toBe("54,180,000");
    expect(formatNumber(1266.561)).toBe("1,267");
    expect(formatNumber(54.18)).toBe("54.2");
    expect(formatNumber(0.012345)).toBe("0.0123");
    expect(formatNumber(2)).toBe("2");
    expect(formatRatio(1.5)).toBe("1.500x");
  });

  it("gives the values of one view the digits they need to differ (seed 002's RSA verify, ms)", () => {
    const seed002 = [
      53.97, 54.18, 54.57, 83.25, 83.49, 83.88, 206.71, 207.08, 207.78, 319.43, 319.85, 320.58,
    ];
    expect(digitsApart(seed002)).toBe(4);
    expect(seed002.slice(0, 3).map((v) => formatNumber(v, digitsApart(seed002)))).toEqual([
      "53.97",
      "54.18",
      "54.57",
    ]);
    expect(metricFormatter(VOCABULARY, "ns_per_op", 1e6, 4)(54.18)).toBe("54.18 ms/op");
    // Compare's table of the two seed 002 runs: their figures, in ns, side by side
    const format = viewFormatter(
      VOCABULARY,
      "ns_per_op",
      seed002.map((v) => v * 1e6),
    );
    expect(seed002.slice(0, 3).map((v) => format(v * 1e6))).toEqual([
      "53.97 ms/op",
      "54.18 ms/op",
      "54.57 ms/op",
    ]);
    expect(viewFormatter(VOCABULARY, "ns_per_op", [1e6, 2e6], 1)(54.18e6)).toBe("54.2 ms/op");
    expect(digitsApart([1, 2, 4, 8])).toBe(3);
    expect(digitsApart([5, 5, null, 0])).toBe(3);
    expect(digitsApart([1000.001, 1000.002])).toBe(6);
    expect(formatNumber(12345.6, 6)).toBe("12345.6");
  });

  it("reads a metric's unit and prefix from the vocabulary, from any display unit", () => {
    expect(metricFormatter(VOCABULARY, "bytes_per_s")(1.8e9)).toBe("1.8 GB/s");
    expect(metricFormatter(VOCABULARY, "ns_per_op", 1000)(45.76)).toBe("45.8 µs/op");
    expect(ladder("ns/op", "time").map((s) => s.unit)).toEqual(["ns/op", "µs/op", "ms/op", "s/op"]);
  });

  it("picks a chart's unit from the median of its figures unless one is chosen", () => {
    expect(chartUnit(VOCABULARY, "bytes_per_s", null, [3e7, 1.8e9, 6e8])).toEqual({
      unit: "MB/s",
      scale: 1e6,
      auto: true,
    });
    expect(chartUnit(VOCABULARY, "bytes_per_s", "kB/s", [1.8e9])).toEqual({
      unit: "kB/s",
      scale: 1e3,
      auto: false,
    });
    expect(chartUnit(VOCABULARY, "ns_per_op", null, [45_760, null])).toEqual({
      unit: "µs/op",
      scale: 1e3,
      auto: true,
    });
  });

  it("steps a figure a tool reported in one of a metric's units, and leaves other units as they are", () => {
    expect(formatReported(VOCABULARY, 1.114e-6, "s/op")).toBe("1.11 µs/op");
    expect(formatReported(VOCABULARY, 830_299.52, "ops/s")).toBe("830 kops/s");
    expect(formatReported(VOCABULARY, 5, "furlongs")).toBe("5 furlongs");
  });

  it("writes full precision to CSV, an empty cell when absent", () => {
    expect(csvNumber(1_436_800_595.35)).toBe("1436800595.35");
    expect(csvNumber(null)).toBe("");
  });

  it("offers only metrics with figures, in the fixed order", () => {
    const counts = [
      { value: "ops_per_s", count: 12 },
      { value: "ns_per_op", count: 12 },
      { value: "bytes_per_s", count: 0 },
    ];
    expect(availableMetrics(VOCABULARY, counts)).toEqual(["ns_per_op", "ops_per_s"]);
    expect(availableMetrics(VOCABULARY, [{ value: "instructions_per_op", count: 56 }])).toEqual([
      "instructions_per_op",
    ]);
    expect(availableMetrics(VOCABULARY, undefined)).toHaveLength(7);
  });

  it("finds display units and falls back to the canonical one", () => {
    expect(unitScale(VOCABULARY, "ns_per_op", "ms/op")).toEqual({ unit: "ms/op", scale: 1e6 });
    expect(unitScale(VOCABULARY, "ns_per_op", "us/op")).toEqual({ unit: "µs/op", scale: 1e3 });
    expect(unitScale(VOCABULARY, "ns_per_op", "kB/s")).toEqual({ unit: "ns/op", scale: 1 });
  });
});

describe("dimensions", () => {
  it("accept any key the server's grammar accepts, spaces included", () => {
    expect(isDimension(VOCABULARY, "tag.board revision")).toBe(true);
    expect(isDimension(VOCABULARY, "param.key_bits")).toBe(true);
    expect(isDimension(VOCABULARY, "library")).toBe(true);
    expect(isDimension(VOCABULARY, 'tag.a"b')).toBe(false);
    expect(isDimension(VOCABULARY, "nonsense")).toBe(false);
  });

  it("label known dimensions from the vocabulary and others by their kind", () => {
    expect(dimensionLabel(VOCABULARY, "param.key_bits")).toBe("key size (bits)");
    expect(dimensionLabel(VOCABULARY, "tag.board_revision")).toBe("board revision (tag)");
  });
});

describe("run fields", () => {
  it("shows absent values and objects readably", () => {
    expect(fieldText(null)).toBe("—");
    expect(fieldText({ a: 1 })).toBe('{"a":1}');
    expect(paramsText({ padding: "pss", key_bits: 2048 })).toBe("key_bits=2048, padding=pss");
  });
});
