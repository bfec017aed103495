import { describe, expect, it } from "vitest";
import type { LeakDetail, LeakScreen } from "../../src/api/types";
import {
  histogramFigure,
  implementationText,
  intervalText,
  leaksCsv,
  operationText,
  parseScreenId,
  progressFigure,
  screenId,
  screenRows,
  speedText,
} from "../../src/lib/leaks";
import { VOCABULARY } from "./fixtures";

const RUN = "3b0f6c1e-5d7a-4e7c-9a55-2f1b8e0c4d21";
const THEME = { foreground: "#000", grid: "#ccc" };

/** An early-exit compare as GET /leaks answers it (backend test_leaks_api's host screen). */
const LEAK: LeakScreen = {
  run_id: RUN,
  position: 0,
  name: "early-exit fixed",
  started_at: "2026-11-20T10:00:00Z",
  machine: "leak-host",
  source: "manual",
  tags: { mode: "leak-test" },
  family: "mac",
  algorithm: "compare",
  operation: "verify",
  library: "fixtures",
  library_version: "1.0",
  params: { message_bytes: 32, variant: "early-exit" },
  metric: "ns_per_op",
  unit: "ns/op",
  speed: 1514.6,
  classes: [
    { name: "fixed", n: 2000, median: 1000.2, min: 930.1, max: 1071.5 },
    { name: "random", n: 2000, median: 1030.4, min: 961.0, max: 1101.9 },
  ],
  verdict: {
    kind: "leak",
    text: "leak detected (t = 47.1, 4,000 samples)",
    evidence: "samples",
    samples: 4000,
    t: 47.1,
    p: 0,
    rank_z: 39.2,
    rank_p: 0,
    median_difference: 30.2,
    relative_difference: 0.0297,
    detectable: 3.4,
    detectable_relative: 0.0033,
    detectable_sd: null,
    cropped: 40,
  },
};

const DUDECT: LeakScreen = {
  ...LEAK,
  run_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  position: 3,
  name: "dudect_cmpct_-O2",
  machine: "dudect-readme",
  algorithm: "dudect_cmpct_-O2",
  operation: null,
  library: null,
  library_version: null,
  params: { statistic: "max t" },
  metric: "other",
  unit: "|t|",
  speed: null,
  classes: [],
  verdict: {
    ...LEAK.verdict,
    kind: "none",
    evidence: "dudect",
    text: "none detected: a difference below 0.0013 standard deviations would have been missed (max t = 2.8, 70,710,000 samples)",
  },
};

describe("leak screens", () => {
  it("names a screen by its run and position, and reads it back", () => {
    expect(screenId(LEAK)).toBe(`${RUN}:0`);
    expect(parseScreenId(`${RUN}:12`)).toEqual({ runId: RUN, position: 12 });
    expect(parseScreenId("nonsense:1")).toBeNull();
    expect(parseScreenId(null)).toBeNull();
  });

  it("words the implementation, operation and speed", () => {
    expect(implementationText(LEAK)).toBe("fixtures 1.0 (message_bytes=32, variant=early-exit)");
    expect(operationText(LEAK)).toBe("compare verify");
    expect(speedText(VOCABULARY, LEAK)).toBe("1.515 µs/op");
    expect(implementationText(DUDECT)).toBe("unknown library");
    expect(speedText(VOCABULARY, DUDECT)).toBe("—");
    const counted = {
      ...LEAK,
      metric: "instructions_per_op",
      unit: "instructions/op",
      speed: 1180,
    };
    expect(speedText(VOCABULARY, counted)).toBe("1,180 instructions/op");
  });

  it("orders rows by operation, implementation and machine", () => {
    expect(screenRows([LEAK, DUDECT]).map((s) => s.machine)).toEqual([
      "leak-host",
      "dudect-readme",
    ]);
  });

  it("exports every screen's verdict with its figures", () => {
    const lines = leaksCsv([LEAK], "data").split("\r\n");
    expect(lines[0]).toBe(
      "operation,implementation,machine,run_id,started_at,metric,speed,unit,verdict,verdict_text,evidence,samples,t,p,rank_z,rank_p,median_difference,detectable,detectable_relative,detectable_sd",
    );
    expect(lines[1]).toBe(
      `compare verify,"fixtures 1.0 (message_bytes=32, variant=early-exit)",leak-host,${RUN},2026-11-20T10:00:00Z,ns_per_op,1514.6,ns/op,leak,"leak detected (t = 47.1, 4,000 samples)",samples,4000,47.1,0,39.2,0,30.2,3.4,0.0033,`,
    );
  });

  const DETAIL: LeakDetail = {
    scope: "timing only",
    threshold: 4.5,
    screen: LEAK,
    edges: [900, 1000, 1100],
    histograms: [
      { name: "fixed", counts: [900, 1090], below: 5, above: 5 },
      { name: "random", counts: [100, 1890], below: 0, above: 10 },
    ],
    interval: { level: 0.95, low: 28.9, high: 31.6, resamples: 1000, seed: 20161123 },
    progress: [
      { samples: 10, t: 1.2 },
      { samples: 4000, t: 47.1 },
    ],
  };

  it("draws both classes over the shared bins, counting what falls outside", () => {
    const { data } = histogramFigure(DETAIL, THEME);
    expect(data.map((d) => ("x" in d ? d.x : null))).toEqual([
      [950, 1050],
      [950, 1050],
    ]);
    expect(data.map((d) => d.name)).toEqual(["fixed (2000)", "random (2000)"]);
  });

  it("draws t against samples with the threshold on both sides", () => {
    const { data, layout } = progressFigure(DETAIL, THEME);
    expect(data.map((d) => ("y" in d ? d.y : null))).toEqual([
      [1.2, 47.1],
      [4.5, 4.5],
      [-4.5, -4.5],
    ]);
    expect(layout.xaxis?.type).toBe("log");
    expect(intervalText(DETAIL)).toBe(
      "median difference (random − fixed): 95% interval 28.9 to 31.6 ns/op (bootstrap, 1000 resamples, seed 20161123)",
    );
  });
});
