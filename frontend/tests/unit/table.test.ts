import { describe, expect, it } from "vitest";
import { chartRows, rowsToCsv, tableHeader } from "../../src/lib/table";
import { RSA_CHART, VOCABULARY } from "./fixtures";

const DIMS = ["param.padding", "tag.opt_level"];

describe("chart table", () => {
  it("lists every point in plotted order, absent values as null", () => {
    const rows = chartRows(VOCABULARY, RSA_CHART, DIMS);
    expect(rows.map((r) => [r.x, ...r.series, r.value])).toEqual([
      [2048, "pkcs1v15", "-O2", 54_180_000],
      [2048, "pss", "-Os", null],
      [4096, "pkcs1v15", "-O2", 207_080_000],
      [4096, "pss", "-Os", 320_580_000],
    ]);
  });

  it("exports CSV with full precision, empty cells for absent values and quoted text", () => {
    const header = tableHeader(VOCABULARY, RSA_CHART, DIMS);
    const csv = rowsToCsv(VOCABULARY, header, chartRows(VOCABULARY, RSA_CHART, DIMS).slice(0, 2));
    expect(csv).toBe(
      "key size (bits),padding,optimization level,time per operation (ns/op),n,min (ns/op),max (ns/op),error (ns/op),error kind,pooled,flagged figures\r\n" +
        "2048,pkcs1v15,'-O2,54180000,1,54180000,54180000,,,,\r\n" +
        "2048,pss,'-Os,,1,,,,,,\r\n",
    );
    const row = {
      x: 'x,"y"',
      series: [],
      value: 1.23456789,
      n: null,
      min: null,
      max: null,
      error: null,
      errorKind: null,
    };
    const quoted = rowsToCsv(
      VOCABULARY,
      ["a"],
      [{ ...row, pooled: { machine: 2, "tag.opt_level": 3 }, flags: { cpu_time: 1 } }],
    );
    expect(quoted).toBe(
      'a\r\n"x,""y""",1.23456789,,,,,,"2 machines, 3 optimization levels",cpu time 1\r\n',
    );
  });
});
