/** Hostile data (issue 25): CSV exports that cannot run formulas, chart labels drawn as text, formatting total over missing figures. */
import { describe, expect, it } from "vitest";
import type {
  Change,
  DrilldownResponse,
  History,
  PointResult,
  SizeFitsResponse,
  TradeoffResponse,
} from "../../src/api/types";
import type { ChartData } from "../../src/lib/chartData";
import { csvCell, csvText } from "../../src/lib/csv";
import { distributionFigure, drilldownCsv } from "../../src/lib/drilldown";
import { buildFigure } from "../../src/lib/figures";
import { fitRows, fitTraces } from "../../src/lib/fits";
import { changeText, historyFigure, ratioText } from "../../src/lib/history";
import { plotText } from "../../src/lib/plotText";
import { relativeTitle } from "../../src/lib/relative";
import { chartRows, rowsToCsv, tableHeader } from "../../src/lib/table";
import { tradeoffCsv, tradeoffFigure } from "../../src/lib/tradeoff";
import { VOCABULARY } from "./fixtures";

const THEME = { foreground: "#000", grid: "#ccc" };
const LINK = '<a href="https://evil.example/">click</a>';
const SHOWN = '&lt;a href="https://evil.example/"&gt;click&lt;/a&gt;';

/** Every string Plotly would draw as markup other than the builders' own <br> and <extra> (customdata and legendgroup are never drawn). */
function markup(value: unknown): string[] {
  if (typeof value === "string") return /<(?!br>|\/?extra>)/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(markup);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "customdata" || k === "legendgroup" ? [] : markup(v),
  );
}

describe("CSV cells", () => {
  it("neutralise text a spreadsheet would run, and leave numbers and plain text alone", () => {
    expect(
      ['=HYPERLINK("http://evil.example/","x")', "+1+1", "-O2", "@SUM(A1)", "\tcmd", "\rcmd"].map(
        (v) => csvCell(v),
      ),
    ).toEqual([
      `"'=HYPERLINK(""http://evil.example/"",""x"")"`,
      "'+1+1",
      "'-O2",
      "'@SUM(A1)",
      "'\tcmd",
      `"'\rcmd"`,
    ]);
    expect(
      [-1.5, -3, "-1.5", "+2e-3", "a=b", "x,y", null, undefined, true].map((v) => csvCell(v)),
    ).toEqual(["-1.5", "-3", "-1.5", "+2e-3", "a=b", '"x,y"', "", "", "true"]);
    expect(
      csvText([
        ["h", "=1"],
        [-2, "line\nbreak"],
      ]),
    ).toBe('h,\'=1\r\n-2,"line\nbreak"\r\n');
  });

  it("are every value exactly in the data flavour (pandas, R), quoted by RFC 4180 alone", () => {
    const hostile = [
      '=HYPERLINK("http://evil.example/","x")',
      "+1+1",
      "-O2",
      "@SUM(A1)",
      "a;=1+2",
      -1.5,
    ];
    expect(hostile.map((v) => csvCell(v, "data"))).toEqual([
      `"=HYPERLINK(""http://evil.example/"",""x"")"`,
      "+1+1",
      "-O2",
      "@SUM(A1)",
      `"a;=1+2"`,
      "-1.5",
    ]);
    expect(
      csvText(
        [
          ["opt_level", "n"],
          ["-O2", 1],
        ],
        "data",
      ),
    ).toBe("opt_level,n\r\n-O2,1\r\n");
  });

  it("neutralise a part after a ; that a spreadsheet of a ; locale would run, and quote the cell", () => {
    expect(
      ["a;=1+2", "1;-3;x;@SUM(A1)", "-O2;+x", "a;b", "-1.5;2e3"].map((v) => csvCell(v)),
    ).toEqual([`"a;'=1+2"`, `"1;-3;x;'@SUM(A1)"`, `"'-O2;'+x"`, `"a;b"`, `"-1.5;2e3"`]);
  });

  it("in every export built by the UI", () => {
    const tradeoff: TradeoffResponse = {
      metric: "ops_per_s",
      unit: "ops/s",
      less_is_better: false,
      size: "public_key_bytes",
      split: [],
      unsized: 0,
      points: [
        {
          algorithm: "=cmd|' /C calc'!A0",
          operation: "+encaps",
          library: "@lib",
          params: {},
          size: 32,
          value: -1,
          n: 1,
          pareto: true,
          split: {},
          pooled: {},
          flagged: 0,
          flags: {},
        },
      ],
    };
    expect(tradeoffCsv(VOCABULARY, tradeoff, 1, "ops/s").split("\r\n")[1]).toBe(
      "'+encaps,'=cmd|' /C calc'!A0 (@lib),32,-1,1,yes,,",
    );
    const table = rowsToCsv(
      VOCABULARY,
      tableHeader(VOCABULARY, CHART, ["tag.<i>k</i>"]),
      chartRows(VOCABULARY, CHART, ["tag.<i>k</i>"]),
    ).split("\r\n");
    expect(table[2]).toBe(`'=1+1,"<a href=""https://evil.example/"">click</a>",-1,1,-1,-1,,,,`);
    const csv = drilldownCsv(VOCABULARY, DRILLDOWN, "ns/op", 1);
    expect(csv.split("\r\n")[1]).toContain(`,'-O2 <b>,'=1+1,`);
  });
});

const HOSTILE_RESULT: PointResult = {
  id: 1,
  run_id: "00000000-0000-4000-8000-0000000000b1",
  started_at: "2026-11-21T09:00:00Z",
  source: "jmh",
  machine: LINK,
  tags: {},
  name: "-O2 <b>",
  family: "signature",
  algorithm: "=1+1",
  operation: "sign",
  library: "SunEC",
  library_version: "21.0.2",
  params: {},
  metric: "ns_per_op",
  value: 5,
  unit: "ns/op",
  error: null,
  error_kind: null,
  samples: 3,
  figure: 5,
  stats: null,
  flags: [],
  distribution: {
    metric: "ns_per_op",
    unit: "ns/op",
    converted: true,
    reciprocal: false,
    values: [4, 5, 6],
    forks: 1,
    omitted: 0,
    marks: { "<i>p50": 5 },
    left_out: [],
  },
};
const DRILLDOWN = {
  results: [HOSTILE_RESULT],
  metric: "ns_per_op",
} as unknown as DrilldownResponse;

/** A chart whose x values, series, error kind and pooled dimension all came from hostile data. */
const CHART: ChartData = {
  metric: "ns_per_op",
  unit: "ns/op",
  x: "tag.<b>where</b>",
  series: [
    {
      key: { "tag.<i>k</i>": LINK },
      points: [
        {
          x: LINK,
          value: 2,
          min: 1,
          max: 3,
          n: 2,
          error: 0.5,
          error_kind: "<b>kind</b>",
          pooled: { "tag.<i>p</i>": 2 },
        },
        { x: "=1+1", value: -1, min: -1, max: -1, n: 1, error: null, error_kind: null },
      ],
    },
  ],
};

describe("labels from data in charts", () => {
  it("the Explorer chart plots escaped categories, keeps the raw x for clicks, and escapes names, hover and titles", () => {
    const figure = buildFigure(VOCABULARY, CHART, {
      chart: "bars",
      scale: "linear",
      seriesDims: ["tag.<i>k</i>"],
      theme: THEME,
    });
    expect(markup(figure.data)).toEqual([]);
    expect(markup(figure.layout)).toEqual([]);
    const [trace] = figure.data as Array<{ name: string; x: string[]; customdata: string[] }>;
    expect(trace?.name).toBe(SHOWN);
    expect(trace?.x).toEqual([SHOWN, "=1+1"]);
    expect(trace?.customdata).toEqual([LINK, "=1+1"]);
    expect(figure.layout.xaxis?.categoryarray).toEqual([SHOWN, "=1+1"]);
    expect(figure.colors.get(LINK)).toBeDefined();
  });

  it("the cost-model curves name their series as text", () => {
    const fits = {
      metric: "ns_per_op",
      unit: "ns/op",
      x: "param.block_bytes",
      min_r2: 0.99,
      series: [
        {
          key: { "tag.engine": LINK },
          points: [{ x: 16, value: 1 }],
          fit: { a: 1, b: 1, r2: null, n: 2, good: true, bytes_per_unit: 1, half_size: 1 },
        },
      ],
    } as unknown as SizeFitsResponse;
    const [curve] = fitTraces(
      VOCABULARY,
      fits,
      "ns_per_op",
      1,
      ["tag.engine"],
      new Map(),
      Math.log2,
    );
    expect(curve?.name).toBe(`${SHOWN} fit (R² —)`);
    expect(fitRows(VOCABULARY, fits, ["tag.engine"])[0]?.r2).toBe("—");
  });

  it("plotText escapes the three characters Plotly reads as markup", () => {
    expect(plotText(`${LINK} & <br>`)).toBe(`${SHOWN} &amp; &lt;br&gt;`);
  });

  it("the drill-down figure draws its result labels as text", () => {
    const figure = distributionFigure(
      VOCABULARY,
      [
        HOSTILE_RESULT,
        { ...HOSTILE_RESULT, distribution: { ...HOSTILE_RESULT.distribution!, values: null } },
      ],
      { scale: 1, theme: THEME, axisTitle: "ns/op", format: String },
    );
    expect(markup(figure)).toEqual([]);
    expect(figure.data[0]?.name).toBe(`#1 ${SHOWN} · -O2 &lt;b&gt; [ns/op]`);
  });

  it("the history figure draws series, versions, notes and changes as text", () => {
    const history: History = {
      metric: "ns_per_op",
      unit: "ns/op",
      split: [],
      series: [
        {
          key: { machine: LINK },
          points: [
            {
              run_id: "r1",
              started_at: "2026-11-01T02:00:00Z",
              value: 1,
              n: 1,
              library_version: "<b>1</b>",
              tool_version: null,
              tags: {},
              pooled: {},
              flagged: 0,
              flags: {},
              notes: [
                { id: 1, text: LINK, author: "<i>me</i>", created_at: "2026-11-01T03:00:00Z" },
              ],
            },
          ],
        },
      ],
    };
    const figure = historyFigure(VOCABULARY, history, [], {
      axis: "version",
      versionOrder: ["<b>1</b>"],
      theme: THEME,
    });
    expect(markup(figure)).toEqual([]);
    expect(figure.data[0]?.name).toBe(SHOWN);
    expect(figure.layout.xaxis?.categoryarray).toEqual(["&lt;b&gt;1&lt;/b&gt;"]);
  });

  it("size vs speed and the speedup axis title draw names from data as text", () => {
    const tradeoff: TradeoffResponse = {
      metric: "ops_per_s",
      unit: "ops/s",
      less_is_better: false,
      size: "public_key_bytes",
      split: [],
      unsized: 0,
      points: [
        {
          algorithm: LINK,
          operation: "<b>op</b>",
          library: "x",
          params: {},
          size: 32,
          value: 1,
          n: 1,
          pareto: true,
          split: {},
          pooled: {},
          flagged: 0,
          flags: {},
        },
      ],
    };
    expect(markup(tradeoffFigure(VOCABULARY, tradeoff, 1, "ops/s", THEME))).toEqual([]);
    expect(relativeTitle(VOCABULARY, "ns_per_op", LINK)).toBe(
      `speedup over ${SHOWN} (> 1 = better)<br>from time per operation, where lower is better`,
    );
  });
});

describe("formatting with a missing figure", () => {
  it("shows — where the server gave no number", () => {
    expect([ratioText(null), ratioText(undefined), ratioText(Number.NaN), ratioText(1.1)]).toEqual([
      "—",
      "—",
      "—",
      "×1.100",
    ]);
    const change = { direction: "regression", ratio: null, what_changed: [] } as unknown as Change;
    expect(changeText(change)).toBe("regression —: nothing recorded changed");
  });
});
