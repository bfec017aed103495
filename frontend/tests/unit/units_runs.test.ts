import { describe, expect, it } from "vitest";
import type { RunDetail } from "../../src/api/types";
import { runDifferences, verdict } from "../../src/lib/runs";
import { availableMetrics, formatNumber, formatRatio, unitScale } from "../../src/lib/units";

const RUN = (tags: Record<string, string>, clock: number): RunDetail => ({
  run_id: "r1",
  source: "esp32c6-serial",
  started_at: "2026-11-20T10:00:00Z",
  finished_at: null,
  machine: { id: 1, name: "esp32c6-01", arch: "riscv32", cpu_model: null, cores: 1, os: null, board: "<b>x</b>", extra: {}, first_seen: "", last_seen: "" },
  clock_hz: clock,
  clock_source: "configured",
  machine_extra: {},
  tool: { name: "mbedtls", version: "3.6" },
  tags,
  result_count: 0,
  results: [],
  artifact: null,
});

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

describe("run comparison", () => {
  it("lists differing tags and machine fields first", () => {
    const diffs = runDifferences(RUN({ opt_level: "-O2" }, 160e6), RUN({ opt_level: "-Os" }, 160e6));
    expect(diffs[0]).toEqual({ field: "tag.opt_level", baseline: "-O2", contender: "-Os", differs: true });
    expect(diffs.filter((d) => d.differs)).toHaveLength(1);
  });

  it("puts the server's differences first, then the local comparison", () => {
    const diffs = runDifferences(RUN({}, 80e6), RUN({}, 160e6), [{ field: "machine.extra.clock_source", baseline: "a", contender: null }]);
    expect(diffs.slice(0, 2)).toEqual([
      { field: "machine.extra.clock_source", baseline: "a", contender: "—", differs: true },
      { field: "clock_hz", baseline: "80000000", contender: "160000000", differs: true },
    ]);
    expect(diffs[2]?.differs).toBe(false);
  });

  it("judges ratios by the metric's direction", () => {
    expect(verdict(1.54, true)).toBe("worse");
    expect(verdict(1.54, false)).toBe("better");
    expect(verdict(0.5, true)).toBe("better");
    expect(verdict(1.005, true)).toBe("same");
    expect(verdict(null, true)).toBeNull();
  });
});
