import { describe, expect, it } from "vitest";
import type { SizeFitsResponse } from "../../src/api/types";
import { fitMetric, fitRows, fitTraces, fitValue } from "../../src/lib/fits";
import { VOCABULARY } from "./fixtures";

/** Seed 003 without the module, as GET /fit answers (a, b by the weighted fit of the progress lines). */
const FITS: SizeFitsResponse = {
  metric: "ns_per_op",
  unit: "ns/op",
  x: "param.block_bytes",
  split: [],
  min_r2: 0.99,
  series: [
    {
      key: { "tag.engine": "none" },
      points: [
        { x: 16, value: 523.2, pooled: {}, flagged: 0, flags: {} },
        { x: 16384, value: 356502, pooled: {}, flagged: 0, flags: {} },
      ],
      fit: {
        a: 175.685,
        b: 21.7876,
        r2: 0.99998,
        n: 6,
        good: true,
        bytes_per_unit: 1 / 21.7876,
        half_size: 175.685 / 21.7876,
      },
    },
    {
      key: { "tag.engine": "devcrypto" },
      points: [{ x: 16, value: 926.6, pooled: {}, flagged: 0, flags: {} }],
      fit: {
        a: 468.5,
        b: 0.1151,
        r2: 0.5266,
        n: 6,
        good: false,
        bytes_per_unit: 1 / 0.1151,
        half_size: 468.5 / 0.1151,
      },
    },
  ],
};

describe("cost model", () => {
  it("fits in time per operation and draws in the chart's metric", () => {
    expect(fitMetric("bytes_per_s")).toBe("ns_per_op");
    expect(fitMetric("cycles_per_byte")).toBe("cycles_per_op");
    const fit = FITS.series[0]!.fit!;
    expect(fitValue(VOCABULARY, fit, 16, "ns_per_op")).toBeCloseTo(175.685 + 16 * 21.7876, 9);
    expect(fitValue(VOCABULARY, fit, 16, "bytes_per_s")).toBeCloseTo(
      (16 * 1e9) / (175.685 + 16 * 21.7876),
      3,
    );
    expect(fitValue(VOCABULARY, fit, 16, "ops_per_s")).toBeCloseTo(
      1e9 / (175.685 + 16 * 21.7876),
      6,
    );
  });

  it("converts by the vocabulary's conversion table, and draws nothing in a metric time does not reach", () => {
    const fit = FITS.series[0]!.fit!;
    expect(fitValue(VOCABULARY, fit, 64, "cycles_per_byte")).toBeCloseTo(
      (175.685 + 64 * 21.7876) / 64,
      9,
    );
    expect(fitValue(VOCABULARY, fit, 64, "instructions_per_op")).toBeNull();
    expect(
      fitTraces(VOCABULARY, FITS, "instructions_per_op", 1, ["tag.engine"], new Map(), null),
    ).toEqual([]);
  });

  it("draws good fits only, in the shown unit", () => {
    const colors = new Map([
      ["none", "#ff7f0e"],
      ["devcrypto", "#1f77b4"],
    ]);
    const traces = fitTraces(VOCABULARY, FITS, "bytes_per_s", 1000, ["tag.engine"], colors, null);
    expect(traces.map((t) => t.name)).toEqual(["none fit (R² 1.0000)"]);
    expect(traces[0]).toMatchObject({
      x: ["16", "16384"],
      legendgroup: "none",
      line: { color: "#ff7f0e", dash: "dot" },
    });
    const y = (traces[0] as { y: number[] }).y;
    expect(y[1]).toBeCloseTo((16384 * 1e6) / (175.685 + 16384 * 21.7876), 6);
  });

  it("draws a smooth curve over the size range on a log2 axis", () => {
    const [curve] = fitTraces(
      VOCABULARY,
      FITS,
      "ns_per_op",
      1,
      ["tag.engine"],
      new Map(),
      Math.log2,
    ) as Array<{ x: number[]; y: number[] }>;
    expect(curve?.x[0]).toBeCloseTo(4, 9);
    expect(curve?.x.at(-1)).toBeCloseTo(14, 9);
    expect(curve?.y[0]).toBeCloseTo(175.685 + 16 * 21.7876, 6);
    expect(curve?.x.length).toBe(49);
  });

  it("reports a, 1/b and a/b in readable units", () => {
    expect(fitRows(VOCABULARY, FITS, ["tag.engine"])).toEqual([
      {
        series: "none",
        fixed: "176 ns",
        throughput: "45.9 MB/s",
        halfSize: "8.06 B",
        r2: "1.0000",
        drawn: true,
      },
      {
        series: "devcrypto",
        fixed: "469 ns",
        throughput: "8.69 GB/s",
        halfSize: "3.97 KiB",
        r2: "0.5266",
        drawn: false,
      },
    ]);
  });
});
