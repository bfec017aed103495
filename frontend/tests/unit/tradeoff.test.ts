import { describe, expect, it } from "vitest";
import type { TradeoffResponse } from "../../src/api/types";
import {
  decodeTradeoff,
  encodeTradeoff,
  pointCaveats,
  pointLabel,
  tradeoffCaveats,
  tradeoffCsv,
  tradeoffFigure,
} from "../../src/lib/tradeoff";
import { VOCABULARY } from "./fixtures";

const point = (algorithm: string, size: number, value: number, pareto: boolean) => ({
  algorithm,
  operation: "encaps",
  library: "OpenSSL",
  params: { public_key_bytes: size },
  size,
  split: {},
  value,
  n: 1,
  pareto,
  pooled: {},
  flagged: 0,
  flags: {},
});

/** openssl 3.5's encaps/s against the public key size, as GET /tradeoff answers. */
const KEM: TradeoffResponse = {
  metric: "ops_per_s",
  unit: "ops/s",
  less_is_better: false,
  size: "public_key_bytes",
  split: [],
  unsized: 0,
  points: [
    point("X25519", 32, 17727.3, true),
    point("ML-KEM-512", 800, 70454.8, true),
    point("ML-KEM-768", 1184, 51310.1, false),
  ],
};

describe("size vs speed", () => {
  it("keeps its state in the URL", () => {
    const state = {
      filters: { operation: ["encaps"] },
      metric: "ops_per_s" as const,
      size: "ciphertext_bytes" as const,
      agg: "max" as const,
    };
    expect(encodeTradeoff(VOCABULARY, state).toString()).toBe(
      "f.operation=encaps&metric=ops_per_s&size=ciphertext_bytes&agg=max",
    );
    expect(decodeTradeoff(VOCABULARY, encodeTradeoff(VOCABULARY, state))).toEqual(state);
  });

  it("draws each operation's points and its front", () => {
    const { data, layout } = tradeoffFigure(VOCABULARY, KEM, 1, "ops/s", {
      foreground: "#000",
      grid: "#ccc",
    });
    expect(data.map((t) => t.name)).toEqual(["encaps", "encaps Pareto front"]);
    expect((data[1] as { x: number[] }).x).toEqual([32, 800]);
    expect(layout.xaxis?.type).toBe("log");
    expect(layout.yaxis?.title).toEqual({
      text: "operations per second (kops/s)<br>higher is better",
    });
    expect(layout.xaxis?.title).toEqual({ text: "public key size (bytes)<br>smaller is better" });
  });

  it("names each machine's point and draws each machine's front (the server's split)", () => {
    const on = (machine: string, value: number) => ({
      ...point("ML-KEM-512", 800, value, true),
      split: { machine },
    });
    const answer: TradeoffResponse = {
      ...KEM,
      split: ["machine"],
      points: [on("x86-host", 70454.8), on("arm-host", 35227.4)],
    };
    expect(answer.points.map((p) => pointLabel(VOCABULARY, p))).toEqual([
      "ML-KEM-512 (OpenSSL) · x86-host",
      "ML-KEM-512 (OpenSSL) · arm-host",
    ]);
    const fig = tradeoffFigure(VOCABULARY, answer, 1, "ops/s", {
      foreground: "#000",
      grid: "#ccc",
    });
    expect(fig.data.map((d) => [d.name, (d as { x: number[] }).x])).toEqual([
      ["encaps · x86-host", [800]],
      ["encaps · x86-host Pareto front", [800]],
      ["encaps · arm-host", [800]],
      ["encaps · arm-host Pareto front", [800]],
    ]);
  });

  it("exports the shown points", () => {
    expect(pointLabel(VOCABULARY, KEM.points[1]!)).toBe("ML-KEM-512 (OpenSSL)");
    expect(tradeoffCsv(VOCABULARY, KEM, 1000, "ops/ms").split("\r\n").slice(0, 3)).toEqual([
      "operation,point,public key size (bytes),operations per second (ops/ms),n,pareto front,pooled,flagged figures",
      "encaps,X25519 (OpenSSL),32,17.7273,1,yes,,",
      "encaps,ML-KEM-512 (OpenSSL),800,70.4548,1,yes,,",
    ]);
  });

  it("says what a point pooled and which figures were flagged: open marker, hover, table, CSV and the note", () => {
    const pooled = { ...point("ML-KEM-512", 800, 70454.8, true), n: 2, pooled: { machine: 2 } };
    const flagged = {
      ...point("ML-KEM-768", 1184, 51310.1, false),
      flagged: 1,
      flags: { cpu_time: 1 },
    };
    const answer: TradeoffResponse = { ...KEM, points: [KEM.points[0]!, pooled, flagged] };
    const marks = tradeoffFigure(VOCABULARY, answer, 1, "ops/s", {
      foreground: "#000",
      grid: "#ccc",
    }).data[0] as { marker: { symbol: string[] }; hovertext: string[] };
    expect(marks.marker.symbol).toEqual(["diamond", "diamond-open", "circle"]);
    expect(marks.hovertext[1]).toBe(
      "ML-KEM-512 (OpenSSL)<br>800 B, 70.5 kops/s, n=2<br>◇ pooled 2 machines",
    );
    expect(marks.hovertext[2]).toContain("<br>⚠ flagged: cpu time 1");
    expect(answer.points.map((p) => pointCaveats(VOCABULARY, p))).toEqual([
      "",
      "2 machines",
      "⚠ cpu time 1",
    ]);
    expect(tradeoffCsv(VOCABULARY, answer, 1, "ops/s").split("\r\n")[2]).toBe(
      "encaps,ML-KEM-512 (OpenSSL),800,70454.8,2,yes,2 machines,",
    );
    const caveats = tradeoffCaveats(answer);
    expect([
      caveats.points,
      caveats.pooledPoints,
      caveats.pooledDims,
      caveats.flaggedPoints,
      caveats.flags,
    ]).toEqual([3, 1, [{ dim: "machine", most: 2, points: 1 }], 1, { cpu_time: 1 }]);
  });
});
