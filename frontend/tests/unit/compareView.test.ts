import { describe, expect, it } from "vitest";
import type { CompareResponse } from "../../src/api/types";
import {
  compareFigure,
  noiseBasis,
  noiseText,
  rowLabel,
  shortLabels,
  typedClass,
  typedText,
  verdictText,
} from "../../src/lib/compareView";
import { VOCABULARY } from "./fixtures";

type Row = CompareResponse["rows"][number];

const row = (
  block: number,
  speedup: number,
  noise: number | null,
  verdict: Row["verdict"],
  typed: Row["typed_verdict"] = "stable",
  detail = "x1",
): Row => ({
  algorithm: "AES-128-CBC",
  operation: "encrypt",
  params: { block_bytes: block },
  baseline: 1e9,
  contender: 1e9 * speedup,
  ratio: speedup,
  speedup,
  noise,
  noise_basis: noise === null ? [] : ["history"],
  noise_runs: noise === null ? 0 : 6,
  verdict,
  typed_verdict: typed,
  detail,
});

const RUN = {
  run_id: "r",
  source: "openssl-speed",
  started_at: "2026-11-24T10:00:00Z",
  machine: "x86-box",
  tool: { name: "openssl", version: "3.0.13", build: null, options: null },
  tags: {},
};

const DATA: CompareResponse = {
  metric: "bytes_per_s",
  unit: "B/s",
  less_is_better: false,
  baseline: RUN,
  contender: RUN,
  rows: [
    row(16, 1 / 1.034, 0.0864, "within noise", "stable"),
    row(16384, 0.21, 0.0864, "worse", "regressed"),
    row(1024, 1.5, null, "better", "insufficient", "2 of 3 baseline runs"),
  ],
  geomean_ratio: 0.68,
  geomean_speedup: 0.68,
  geomean_noise: null,
  geomean_verdict: "worse",
  differences: [],
  fields: [],
};

describe("compare view", () => {
  it("names a result by its params with their units", () => {
    expect(rowLabel(VOCABULARY, row(16, 1, null, "same"))).toBe("AES-128-CBC encrypt · 16 B");
    expect(
      rowLabel(VOCABULARY, {
        ...row(16, 1, null, "same"),
        algorithm: "RSA",
        operation: "verify",
        params: { padding: "pss", key_bits: 2048 },
      }),
    ).toBe("RSA verify · 2048 bit · pss");
  });

  it("labels chart rows by what tells them apart", () => {
    expect(shortLabels(VOCABULARY, DATA.rows)).toEqual(["1. 16 B", "2. 16 KiB", "3. 1 KiB"]);
    expect(shortLabels(VOCABULARY, [DATA.rows[0] as Row])).toEqual([
      "1. AES-128-CBC encrypt · 16 B",
    ]);
  });

  it("says the noise, what it stands on and a verdict without noise as such", () => {
    expect(noiseText(0.0864)).toBe("±9.02%");
    expect(noiseText(null)).toBe("unknown");
    expect(noiseBasis({ noise_basis: ["history", "tool"], noise_runs: 6 })).toBe(
      "6 runs of history and the tools' errors",
    );
    expect(verdictText("worse", null)).toBe("worse (noise unknown)");
    expect(verdictText("worse", 0.01)).toBe("worse");
    expect(verdictText("within noise", 0.09)).toBe("within noise");
  });

  it("says the typed verdict, with why when the figures are not judged, and colours only a step", () => {
    expect(DATA.rows.map(typedText)).toEqual([
      "stable",
      "regressed",
      "insufficient: 2 of 3 baseline runs",
    ]);
    expect(
      typedText({ typed_verdict: "not_comparable", detail: "machine.name differs: a -> b" }),
    ).toBe("not comparable: machine.name differs: a -> b");
    expect(DATA.rows.map((r) => typedClass(r.typed_verdict))).toEqual([
      undefined,
      "worse",
      undefined,
    ]);
    expect(typedClass("improved")).toBe("better");
  });

  it("draws one marker per result by typed verdict, the noise band of 3 noises, a line at 1 on a log axis", () => {
    const { data, layout } = compareFigure(VOCABULARY, DATA, { foreground: "#000", grid: "#ccc" });
    expect(data.map((t) => t.name)).toEqual(["regressed", "stable", "insufficient"]);
    const worse = data[0] as {
      x: number[];
      y: string[];
      error_x: { array: number[]; arrayminus: number[] };
    };
    expect(worse.y).toEqual(["2. 16 KiB"]);
    expect(worse.x).toEqual([0.21]);
    expect(worse.error_x.array[0]).toBeCloseTo(0.21 * (Math.exp(3 * 0.0864) - 1), 12);
    expect(worse.error_x.arrayminus[0]).toBeCloseTo(0.21 * (1 - Math.exp(-3 * 0.0864)), 12);
    const insufficient = data[2] as { error_x: { array: number[] }; marker: { color: string } };
    expect(insufficient.error_x.array).toEqual([0]);
    expect(insufficient.marker.color).toBe("#8a94a6");
    expect(layout.xaxis?.type).toBe("log");
    expect(layout.yaxis?.categoryarray).toEqual(["1. 16 B", "2. 16 KiB", "3. 1 KiB"]);
    expect(layout.shapes?.[0]).toMatchObject({ x0: 1, x1: 1 });
  });
});
