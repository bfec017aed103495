import { describe, expect, it } from "vitest";
import type { Change, History } from "../../src/api/types";
import {
  changeOnSeries,
  chartHistoryHref,
  decodeHistory,
  encodeHistory,
  formatTime,
  historyFigure,
  pointHistoryHref,
  type HistoryState,
} from "../../src/lib/history";
import { evidenceText, eventEvidenceText, factText, whatChangedText } from "../../src/lib/changes";
import { DEFAULT_STATE } from "../../src/lib/viewState";
import { VOCABULARY } from "./fixtures";

const THEME = { foreground: "#000", grid: "#ccc" };
const RUN = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;

const HISTORY: History = {
  metric: "ns_per_op",
  unit: "ns/op",
  split: [],
  series: [
    {
      key: { operation: "sign" },
      points: [1, 2, 3].map((i) => ({
        run_id: RUN(i),
        started_at: `2026-11-0${i}T02:00:00Z`,
        value: i === 3 ? 110 : 100,
        n: 1,
        library_version: i === 3 ? "3.6.3" : "3.6.2",
        tool_version: "1.0.0",
        tags: {},
        pooled: {},
        flagged: 0,
        flags: {},
        notes:
          i === 2
            ? [{ id: 7, text: "new <board>", author: "ops", created_at: "2026-11-02T03:00:00Z" }]
            : [],
      })),
    },
    { key: { operation: "verify" }, points: [] },
  ],
};

const CHANGE: Change = {
  id: 1,
  series: {
    machine: "board",
    source: "python-ecc",
    family: "signature",
    name: "ecdsa-sign",
    algorithm: "ECDSA",
    operation: "sign",
    library: "Mbed TLS",
    library_version: "3.6.3",
    params: { curve: "secp256r1" },
    variant: {},
  },
  acknowledgements: [],
  label: "ECDSA sign, curve secp256r1 (Mbed TLS 3.6.3)",
  run_id: RUN(3),
  baseline_run_id: RUN(2),
  started_at: "2026-11-03T02:00:00Z",
  metric: "ns_per_op",
  unit: "ns/op",
  before: 100,
  after: 110,
  ratio: 1.1,
  direction: "regression",
  verdict: "regressed",
  evidence: {
    z: 12.34,
    noise: 0.0123,
    before_n: 8,
    after_n: 3,
    few_points: false,
    deterministic: false,
  },
  what_changed: [
    { fact: "library_version", hunks: [{ before: ["3.6.2"], after: ["3.6.3"] }], unchanged: 0 },
    { fact: "tag.ci", hunks: [{ before: [], after: ["yes"] }], unchanged: 0 },
  ],
};

describe("history", () => {
  it("round-trips its URL state", () => {
    const state: HistoryState = {
      filters: { algorithm: ["ECDSA"] },
      series: ["operation"],
      metric: "ns_per_op",
      axis: "version",
    };
    expect(decodeHistory(VOCABULARY, encodeHistory(state))).toEqual(state);
    expect(decodeHistory(VOCABULARY, encodeHistory({ ...state, series: [] })).series).toEqual([]);
    expect(decodeHistory(VOCABULARY, new URLSearchParams())).toEqual({
      filters: { algorithm: ["AES-128-CBC"], operation: ["encrypt"] },
      series: ["machine", "param.block_bytes"],
      metric: "bytes_per_s",
      axis: "time",
    });
  });

  it("links a chart and one of its points to their history", () => {
    const state = {
      ...DEFAULT_STATE,
      filters: { algorithm: ["ECDSA"] },
      x: "operation",
      series: ["library"],
    };
    expect(chartHistoryHref(state, "ns_per_op")).toBe(
      "/history?f.algorithm=ECDSA&series=operation&series=library&series=machine&metric=ns_per_op",
    );
    expect(pointHistoryHref(state, "ns_per_op", "sign", { library: "Mbed TLS" })).toBe(
      "/history?f.algorithm=ECDSA&f.library=Mbed+TLS&f.operation=sign&series=machine&metric=ns_per_op",
    );
  });

  it("puts a change on the line whose run and key it matches", () => {
    expect(changeOnSeries(VOCABULARY, CHANGE, HISTORY.series[0]!)).toBe(true);
    expect(
      changeOnSeries(VOCABULARY, CHANGE, { ...HISTORY.series[0]!, key: { operation: "verify" } }),
    ).toBe(false);
    expect(changeOnSeries(VOCABULARY, { ...CHANGE, run_id: RUN(9) }, HISTORY.series[0]!)).toBe(
      false,
    );
  });

  it("says what changed", () => {
    expect(whatChangedText(CHANGE.what_changed)).toBe(
      "library_version 3.6.2 → 3.6.3; tag.ci (none) → yes",
    );
    expect(whatChangedText([])).toBe("nothing recorded changed");
    const build = {
      fact: "tool_build",
      hunks: [{ before: ["CPUINFO: 0xfffa"], after: ["CPUINFO: 0xfdfa env:~0x2"] }],
      unchanged: 4,
    };
    expect(factText(build)).toBe("tool_build CPUINFO: 0xfffa → CPUINFO: 0xfdfa env:~0x2");
  });

  it("states the evidence as z and the noise, few points first when the series is short", () => {
    expect(evidenceText(CHANGE.evidence)).toBe(
      "z 12.3 against 1.2% run-to-run noise (8 runs before, 3 after)",
    );
    expect(
      evidenceText({
        z: 250.4,
        noise: 0.0064,
        before_n: 5,
        after_n: 2,
        few_points: true,
        deterministic: false,
      }),
    ).toBe("few points (5 runs before, 2 after): z 250 against 0.6% run-to-run noise");
    expect(
      evidenceText({
        z: null,
        noise: 0,
        before_n: 6,
        after_n: 3,
        few_points: false,
        deterministic: false,
      }),
    ).toBe("no run-to-run noise (6 runs before, 3 after)");
    expect(
      eventEvidenceText({ few_points: true, z_min: 4.04, noise_max: 0.139, deterministic: false }),
    ).toBe("few points: z ≥ 4.0 against ≤ 13.9% noise");
  });

  it("says an instruction count's change is real whatever its size", () => {
    expect(
      evidenceText({
        z: null,
        noise: 0,
        before_n: 1,
        after_n: 1,
        few_points: false,
        deterministic: true,
      }),
    ).toBe("deterministic count: any step beyond 0 is real (1 run before, 1 after)");
    expect(
      eventEvidenceText({ few_points: false, z_min: null, noise_max: 0, deterministic: true }),
    ).toBe("deterministic count: any step beyond 0 is real");
  });

  it("draws a line per series, a regression marker and a note marker", () => {
    const figure = historyFigure(VOCABULARY, HISTORY, [CHANGE], {
      axis: "time",
      versionOrder: [],
      theme: THEME,
    });
    expect(figure.data.map((d) => d.name)).toEqual(["sign", "verify", "regressions", "notes"]);
    const line = figure.data[0] as { x: string[]; y: number[]; customdata: string[] };
    expect(line.x).toEqual([
      "2026-11-01T02:00:00Z",
      "2026-11-02T02:00:00Z",
      "2026-11-03T02:00:00Z",
    ]);
    expect(line.y).toEqual([100, 100, 110]);
    const marker = figure.data[2] as { x: string[]; y: number[]; text: string[] };
    expect(marker.x).toEqual(["2026-11-03T02:00:00Z"]);
    expect(marker.y).toEqual([110]);
    expect(marker.text[0]).toContain(
      "regression ×1.100 (+10.0%), z 12.3 against 1.2% run-to-run noise (8 runs before, 3 after): library_version 3.6.2 → 3.6.3",
    );
    const notes = figure.data[3] as { text: string[] };
    expect(notes.text).toEqual(["ops: new &lt;board&gt;"]);
    expect(figure.layout.xaxis?.type).toBe("date");
    expect(figure.layout.yaxis?.ticktext).toEqual([
      "100 ns/op",
      "102 ns/op",
      "104 ns/op",
      "106 ns/op",
      "108 ns/op",
      "110 ns/op",
    ]);
  });

  it("marks a run's point that pooled machines, and says so on hover", () => {
    const pooled = {
      ...HISTORY,
      series: [
        {
          ...HISTORY.series[0]!,
          points: HISTORY.series[0]!.points.map((p, i) => ({
            ...p,
            pooled: i === 0 ? { machine: 2 } : ({} as Record<string, number>),
          })),
        },
      ],
    };
    const line = historyFigure(VOCABULARY, pooled, [], {
      axis: "time",
      versionOrder: [],
      theme: THEME,
    }).data[0] as { marker: { symbol: string[] }; text: string[] };
    expect(line.marker.symbol).toEqual(["diamond-open", "circle", "circle"]);
    expect(line.text[0]).toContain("◇ pooled 2 machines");
  });

  it("titles the value axis in the unit its values read in, not the canonical one", () => {
    const slow: History = {
      ...HISTORY,
      series: HISTORY.series.map((s) => ({
        ...s,
        points: s.points.map((p) => ({ ...p, value: p.value * 1e6 })),
      })),
    };
    const axis = historyFigure(VOCABULARY, slow, [], {
      axis: "time",
      versionOrder: [],
      theme: THEME,
    }).layout.yaxis;
    expect(axis?.title).toEqual({ text: "time per operation (ms/op)" });
    expect(axis?.ticktext).toEqual([
      "100 ms/op",
      "102 ms/op",
      "104 ms/op",
      "106 ms/op",
      "108 ms/op",
      "110 ms/op",
    ]);
    expect(
      historyFigure(VOCABULARY, HISTORY, [], { axis: "time", versionOrder: [], theme: THEME })
        .layout.yaxis?.title,
    ).toEqual({ text: "time per operation (ns/op)" });
  });

  it("gives its hover the digits the values need to differ (seed 002's 53.97 / 54.18 / 54.57 ms)", () => {
    const close: History = {
      ...HISTORY,
      series: [
        {
          ...HISTORY.series[0]!,
          points: HISTORY.series[0]!.points.map((p, i) => ({
            ...p,
            value: [53.97e6, 54.18e6, 54.57e6][i] as number,
          })),
        },
      ],
    };
    const line = historyFigure(VOCABULARY, close, [], {
      axis: "time",
      versionOrder: [],
      theme: THEME,
    }).data[0] as { text: string[] };
    expect(line.text.map((t) => t.match(/[\d.]+ ms\/op/)?.[0])).toEqual([
      "53.97 ms/op",
      "54.18 ms/op",
      "54.57 ms/op",
    ]);
  });

  it("draws values more than 100x apart on a log axis, as the Explorer does", () => {
    const sign = HISTORY.series[0]!;
    const apart: History = {
      ...HISTORY,
      series: [
        sign,
        {
          key: { operation: "verify" },
          points: sign.points.map((p) => ({ ...p, value: p.value * 1e6 })),
        },
      ],
    };
    expect(
      historyFigure(VOCABULARY, apart, [], { axis: "time", versionOrder: [], theme: THEME }).layout
        .yaxis?.type,
    ).toBe("log");
    expect(
      historyFigure(VOCABULARY, HISTORY, [], { axis: "time", versionOrder: [], theme: THEME })
        .layout.yaxis?.type,
    ).toBe("linear");
  });

  it("splits by machine unless the link says otherwise", () => {
    expect(decodeHistory(VOCABULARY, new URLSearchParams("metric=ns_per_op")).series).toEqual([
      "machine",
    ]);
    expect(decodeHistory(VOCABULARY, new URLSearchParams("series=library")).series).toEqual([
      "library",
    ]);
  });

  it("orders a version axis as the server orders versions", () => {
    const figure = historyFigure(VOCABULARY, HISTORY, [], {
      axis: "version",
      versionOrder: ["3.6.2", "3.6.3"],
      theme: THEME,
    });
    expect((figure.data[0] as { x: string[] }).x).toEqual(["3.6.2", "3.6.2", "3.6.3"]);
    expect(figure.layout.xaxis?.categoryarray).toEqual(["3.6.2", "3.6.3"]);
  });

  it("shows times as local readable dates, not ISO text", () => {
    const text = formatTime("2026-11-23T14:05:07.123456Z");
    expect(text).not.toContain("T14");
    expect(text).toMatch(/2026/);
    expect(formatTime("not a time")).toBe("not a time");
  });
});
