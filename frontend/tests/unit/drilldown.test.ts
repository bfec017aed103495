import { describe, expect, it } from "vitest";
import type { DrilldownResponse, PointResult } from "../../src/api/types";
import {
  describeDistribution,
  distributionFigure,
  drilldownCsv,
  markGroups,
  pointOf,
  pointText,
  resultLabel,
  rowPoint,
  summaryText,
  toolInterval,
} from "../../src/lib/drilldown";
import { metricFormatter } from "../../src/lib/units";
import { VOCABULARY } from "./fixtures";

const THEME = { foreground: "#000", grid: "#ccc" };
const RUN = "00000000-0000-4000-8000-0000000000b1";

function result(overrides: Partial<PointResult>): PointResult {
  return {
    id: 1,
    run_id: RUN,
    started_at: "2026-11-21T09:00:00Z",
    source: "jmh",
    machine: "jvm-host",
    tags: { jvm: "21" },
    name: "SHA256withECDSA sign",
    family: "signature",
    algorithm: "ECDSA",
    operation: "sign",
    library: "SunEC",
    library_version: "21.0.2",
    params: { curve: "secp256r1", message_bytes: 128 },
    metric: "ops_per_s",
    value: 1000,
    unit: "ops/s",
    error: null,
    error_kind: null,
    samples: null,
    figure: 1e6,
    stats: null,
    flags: [],
    distribution: null,
    ...overrides,
  };
}

const dist = (
  overrides: Partial<NonNullable<PointResult["distribution"]>>,
): NonNullable<PointResult["distribution"]> => ({
  metric: "ns_per_op",
  unit: "ns/op",
  converted: true,
  reciprocal: false,
  values: null,
  forks: null,
  omitted: 0,
  marks: {},
  left_out: [],
  ...overrides,
});

// JMH thrpt: 2 iterations in 1 fork, as ns/op by 1/x; the firmware: min/median/max; the ECC runner: 6 samples.
const THRPT = result({
  id: 1,
  samples: 2,
  distribution: dist({
    reciprocal: true,
    values: [1e6, 2e6],
    forks: 1,
    marks: { min: 1e6, median: 1.5e6, max: 2e6, p10: 1e6 },
  }),
});
const FIRMWARE = result({
  id: 2,
  machine: "fw-host",
  name: "aes-128-cbc-1024",
  metric: "ns_per_op",
  value: 1918,
  unit: "ns/op",
  figure: 1918,
  samples: 3,
  stats: { min: 1915, median: 1918, max: 1929 },
  distribution: dist({ marks: { min: 1915, median: 1918, max: 1929 } }),
});
const ECC = result({
  id: 3,
  machine: "ecc-host",
  name: "point-add",
  metric: "ns_per_op",
  value: 4e5,
  unit: "ns/op",
  figure: 4e5,
  samples: 6,
  distribution: dist({
    values: [1e5, 2e5, 3e5, 4e5, 5e5, 8e5],
    marks: { mean: 3.833e5, stddev: 2.5e5, min: 1e5, max: 8e5, median: 3.5e5 },
  }),
});
const CYCLES = result({
  id: 4,
  name: "clockless",
  metric: "cycles_per_op",
  value: 9000,
  unit: "cycles/op",
  figure: 9,
  distribution: dist({
    metric: "cycles_per_op",
    unit: "cycles/op",
    converted: false,
    values: [1, 2],
    marks: { max: 2 },
  }),
});

const BODY: DrilldownResponse = {
  metric: "ns_per_op",
  unit: "ns/op",
  x: "algorithm",
  x_value: "ECDSA",
  key: { "param.curve": "secp256r1" },
  summary: { n: 5, min: 1918, max: 1e6, mean: 250000, median: 4e5 },
  run_total: 3,
  result_total: 5,
  runs: [],
  results: [THRPT, FIRMWARE],
};

describe("the clicked point", () => {
  it("is the x value and one value per series dimension, absent ones null", () => {
    expect(
      pointOf(2048, { "param.padding": "pss", "tag.opt_level": null }, [
        "param.padding",
        "tag.opt_level",
      ]),
    ).toEqual({ x: "2048", key: ["pss", null] });
    expect(pointOf("RSA", {}, [])).toEqual({ x: "RSA", key: [] });
    expect(rowPoint({ x: 2048, series: ["pss", null] })).toEqual({ x: "2048", key: ["pss", null] });
  });

  it("is named by its dimensions' labels", () => {
    expect(
      pointText(VOCABULARY, { x: "2048", key: [null] }, "param.key_bits", ["tag.opt_level"]),
    ).toBe("key size (bits) = 2048 · optimization level = (none)");
  });
});

describe("stat marks", () => {
  it("are positions in display units, equal ones joined, the standard deviation left to the table", () => {
    expect(
      markGroups({ stddev: 3, max: 40, "p99.9": 40, median: 20, min: 10, mean: 25 }, 10),
    ).toEqual([
      { value: 1, names: ["min"] },
      { value: 2, names: ["median"] },
      { value: 2.5, names: ["mean"] },
      { value: 4, names: ["p99.9", "max"] },
    ]);
  });
});

describe("describeDistribution", () => {
  it("says what stands behind each result", () => {
    expect(describeDistribution(null, "ops/s", "ns_per_op")).toBe(
      "one number (the tool gave no samples or stats)",
    );
    expect(describeDistribution(THRPT.distribution, "ops/s", "ns_per_op")).toBe(
      "2 samples in 1 fork; stats min, p10, median, max; converted from ops/s by 1/x (so min and max, pN and p(100-N) trade places)",
    );
    expect(
      describeDistribution(
        dist({ values: [1, 2, 3], forks: 2, omitted: 1, left_out: ["mean", "stddev"] }),
        "ns/op",
        "ops_per_s",
      ),
    ).toBe(
      "3 samples in 2 forks; 1 sample(s) of 0 have no figure in ns/op; mean, stddev left out: no counterpart in ns/op",
    );
    expect(describeDistribution(CYCLES.distribution, "cycles/op", "ns_per_op")).toBe(
      "2 samples; stats max; in cycles/op: no way to ns_per_op for these",
    );
  });
});

describe("resultLabel", () => {
  it("names the machine, the result (a long dotted name by its last two parts) and the reported unit", () => {
    expect(
      resultLabel(result({ name: "dev.cryptobench.jmh.DigestBench.hash", unit: "s/op" }), 2),
    ).toBe("#3 jvm-host · DigestBench.hash [s/op]");
    expect(resultLabel(FIRMWARE, 0)).toBe("#1 fw-host · aes-128-cbc-1024 [ns/op]");
  });
});

describe("distributionFigure", () => {
  const opts = {
    scale: 1000,
    theme: THEME,
    axisTitle: "time per operation (µs/op)",
    format: metricFormatter(VOCABULARY, "ns_per_op", 1000),
  };
  const figure = distributionFigure(VOCABULARY, [THRPT, FIRMWARE, ECC, CYCLES], opts);
  const rows = [THRPT, FIRMWARE, ECC, CYCLES].map(resultLabel);
  const traces = figure.data as Array<{
    type: string;
    mode?: string;
    name: string;
    x: number[];
    text?: string[];
  }>;

  it("draws samples as points below five, a box from five on, and the stats as ticks only without samples", () => {
    const types = traces.map((t) => [t.type, t.mode, t.name]);
    expect(types).toEqual([
      ["scatter", "markers", rows[0]],
      ["scatter", "markers", rows[0]],
      ["scatter", "lines+markers", rows[1]],
      ["scatter", "text", rows[1]],
      ["scatter", "text", rows[1]],
      ["scatter", "markers", rows[1]],
      ["box", undefined, rows[2]],
      ["scatter", "markers", rows[2]],
      ["scatter", "markers", rows[3]],
    ]);
  });

  it("puts every figure in the display unit and leaves unconvertible samples to the table", () => {
    expect(traces[0]?.x).toEqual([1000, 2000]);
    expect(traces[1]?.x).toEqual([1000]);
    expect(traces[2]?.x).toEqual([1.915, 1.918, 1.929]);
    expect(traces[3]?.text).toEqual(["min", "max"]);
    expect(traces[4]?.text).toEqual(["median"]);
    expect(traces[6]?.x).toEqual([100, 200, 300, 400, 500, 800]);
    expect(traces[8]?.x).toEqual([0.009]);
  });

  it("names a tick shared by several stats by min, median or max, every name on hover", () => {
    const sample = result({
      distribution: dist({ marks: { min: 1, median: 2, p99: 3, "p99.9": 4, max: 4 } }),
    });
    const [ticks, above, below] = distributionFigure(VOCABULARY, [sample], {
      ...opts,
      scale: 1,
      format: metricFormatter(VOCABULARY, "ns_per_op"),
    }).data as Array<{ text: string[] }>;
    expect(ticks?.text).toEqual([
      "min: 1 ns/op",
      "median: 2 ns/op",
      "p99: 3 ns/op",
      "p99.9=max: 4 ns/op",
    ]);
    expect(above?.text).toEqual(["min", "p99"]);
    expect(below?.text).toEqual(["median", "max"]);
  });

  it("lists the newest first from the top, on a log axis past a spread of 100", () => {
    expect(figure.layout.yaxis?.categoryarray).toEqual([...rows].reverse());
    expect(figure.layout.xaxis?.type).toBe("log");
    expect(figure.layout.xaxis?.title).toEqual({ text: "time per operation" }); // ticks in µs/op and ms/op
    expect(figure.layout.xaxis?.ticktext).toContain("1 ms/op");
  });

  it("draws the tool's interval around the figure, through 1/x when the figure is the reciprocal", () => {
    const jmh = result({
      metric: "ns_per_op",
      value: 1000,
      error: 100,
      error_kind: "ci99.9",
      figure: 1e6,
    });
    expect(toolInterval(jmh, "ns/op")).toEqual([1e9 / 1100, 1e9 / 900]);
    expect(toolInterval(jmh, "ops/s")).toEqual([900 * 1000, 1100 * 1000]);
    expect(toolInterval({ ...jmh, error: null }, "ns/op")).toBeNull();
    const [trace] = distributionFigure(VOCABULARY, [jmh], opts).data as Array<{
      error_x: { array: number[]; arrayminus: number[] };
      text: string[];
    }>;
    expect(trace?.error_x.array[0]).toBeCloseTo(1e6 / 900 - 1000, 9);
    expect(trace?.error_x.arrayminus[0]).toBeCloseTo(1000 - 1e6 / 1100, 9);
    expect(trace?.text[0]).toBe(
      "the result's figure: 1 ms/op<br>ci99.9 interval: 909 µs/op – 1.11 ms/op",
    );
  });
});

describe("drilldownCsv", () => {
  it("lists every result with its distribution in the display unit, a unit per row", () => {
    const lines = drilldownCsv(
      VOCABULARY,
      { ...BODY, results: [THRPT, FIRMWARE, CYCLES] },
      "us/op",
      1000,
    )
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "#,run_id,started_at,machine,source,tags,name,algorithm,operation,library,library_version,params,value,unit,time per operation (us/op),error,error_kind,samples,distribution unit,forks,raw samples,min,p10,median,max",
    );
    expect(lines[1]).toBe(
      `1,${RUN},2026-11-21T09:00:00Z,jvm-host,jmh,jvm=21,SHA256withECDSA sign,ECDSA,sign,SunEC,21.0.2,"curve=secp256r1;message_bytes=128",1000,ops/s,1000,,,2,us/op,1,1000 2000,1000,1000,1500,2000`,
    );
    expect(lines[2]).toContain(",us/op,,,1.915,,1.918,1.929");
    expect(lines[3]).toContain(",cycles/op,,1 2,,,,2");
  });
});

describe("summaryText", () => {
  it("names the plotted aggregate and how many runs", () => {
    expect(summaryText(VOCABULARY, BODY, "us/op", 1000, "median")).toBe(
      "5 results from 3 runs: median (plotted) 400 · mean 250 · min 1.92 · max 1,000 us/op.",
    );
    expect(summaryText(VOCABULARY, { ...BODY, summary: null }, "us/op", 1000, "median")).toBe(
      "No result behind this point has a time per operation figure: another metric, a deleted run or an old link.",
    );
  });
});
