import { describe, expect, it } from "vitest";
import type { RelativeResponse } from "../../src/api/types";
import {
  baselineChoices,
  baselineText,
  choiceValue,
  geomeanText,
  relativeAsChart,
  relativeTitle,
} from "../../src/lib/relative";
import { RSA_CHART, VOCABULARY } from "./fixtures";

const DIMS = ["param.padding", "tag.opt_level"];

/** RSA verify -Os against -O2 (seed 002, ms), as GET /relative answers. */
const REL: RelativeResponse = {
  metric: "ns_per_op",
  unit: "ns/op",
  split: [],
  less_is_better: true,
  x: "param.key_bits",
  baseline_series: { "tag.opt_level": "-O2" },
  baseline_x: null,
  series: [
    {
      key: { "tag.opt_level": "-O2" },
      points: [
        { x: 2048, value: 54.18, baseline: 54.18, speedup: 1, pooled: {}, flagged: 0, flags: {} },
      ],
      geomean_speedup: null,
    },
    {
      key: { "tag.opt_level": "-Os" },
      points: [
        {
          x: 2048,
          value: 83.49,
          baseline: 54.18,
          speedup: 54.18 / 83.49,
          pooled: {},
          flagged: 0,
          flags: {},
        },
      ],
      geomean_speedup: 54.18 / 83.49,
    },
  ],
  geomean_speedup: 54.18 / 83.49,
};

describe("relative to", () => {
  it("offers each series, then each x value", () => {
    const choices = baselineChoices(VOCABULARY, RSA_CHART, DIMS);
    expect(choices.map((c) => c.label)).toEqual([
      "series pkcs1v15 · -O2",
      "series pss · -Os",
      "key size (bits) = 2048",
      "key size (bits) = 4096",
    ]);
    expect(choices[1]?.relative).toEqual({ by: "series", key: ["pss", "-Os"] });
    expect(choices[3]?.relative).toEqual({ by: "x", x: "4096" });
    expect(choices.map((c) => c.value)).toContain(choiceValue({ by: "x", x: "2048" }));
    expect(baselineChoices(VOCABULARY, RSA_CHART, []).every((c) => c.relative.by === "x")).toBe(
      true,
    );
  });

  it("states the baseline and the direction on the axis", () => {
    expect(
      baselineText(VOCABULARY, { by: "series", key: ["pss", ""] }, DIMS, "param.key_bits"),
    ).toBe("pss · (none)");
    expect(baselineText(VOCABULARY, { by: "x", x: "2048" }, DIMS, "param.key_bits")).toBe(
      "key size (bits) = 2048",
    );
    expect(relativeTitle(VOCABULARY, "ns_per_op", "-O2")).toBe(
      "speedup over -O2 (> 1 = better)<br>from time per operation, where lower is better",
    );
    expect(relativeTitle(VOCABULARY, "ops_per_s", "-O2")).toMatch(/higher is better$/);
  });

  it("plots speedups and states the geometric means", () => {
    const chart = relativeAsChart(REL);
    expect(chart.series.map((s) => s.points.map((p) => p.value))).toEqual([[1], [54.18 / 83.49]]);
    expect(geomeanText(REL, ["tag.opt_level"])).toBe(
      `Geometric mean speedup ${(54.18 / 83.49).toFixed(3)}×.`,
    );
  });
});
