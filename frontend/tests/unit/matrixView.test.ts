import { describe, expect, it } from "vitest";
import type { MatrixResponse } from "../../src/api/types";
import {
  DEFAULT_MATRIX,
  apartBy,
  decodeMatrix,
  encodeMatrix,
  matrixCsv,
  matrixTable,
  speedupColour,
  type MatrixState,
} from "../../src/lib/matrixView";
import { VOCABULARY } from "./fixtures";

const cell = (value: number, speedup: number | null) => ({
  value,
  min: value,
  max: value,
  n: 1,
  ratio: speedup === null ? null : 1 / speedup,
  speedup,
  pooled: {},
  flagged: 0,
  flags: {},
});

/** RSA verify by opt level, as GET /matrix answers for test_read_matrix's documents (ns/op). */
const MATRIX: MatrixResponse = {
  metric: "ns_per_op",
  unit: "ns/op",
  less_is_better: true,
  column: "tag.opt_level",
  split: [],
  pool: [],
  agg: "median",
  baseline: "-O2",
  columns: [
    { value: "-O2", rows: 3, shared: 3, geomean_speedup: 1 },
    { value: "-Os", rows: 2, shared: 2, geomean_speedup: 0.8 },
  ],
  rows: [
    {
      key: {
        algorithm: "RSA",
        operation: "verify",
        library: "Mbed TLS",
        params: { key_bits: 2048, padding: "pkcs1v15" },
      },
      cells: [cell(9e6, 1), cell(11e6, 9 / 11)],
    },
    {
      key: {
        algorithm: "RSA",
        operation: "verify",
        library: "Mbed TLS",
        params: { key_bits: 2048, padding: "pss" },
      },
      cells: [cell(11e6, 1), cell(12.5e6, 0.88)],
    },
    {
      key: {
        algorithm: "RSA",
        operation: "verify",
        library: "Mbed TLS",
        params: { key_bits: 4096, padding: "pss" },
      },
      cells: [cell(31e6, 1), null],
    },
  ],
};

describe("matrix URL state", () => {
  it("round-trips the whole state in a canonical query", () => {
    const state: MatrixState = {
      filters: { algorithm: ["RSA"] },
      column: "tag.opt_level",
      baseline: "-Os",
      split: ["machine"],
      pool: ["param.coordinates"],
      metric: "ns_per_op",
      unit: "ms/op",
      agg: "mean",
      sort: "s:-Os",
      desc: true,
    };
    const query = encodeMatrix(state).toString();
    expect(query).toBe(
      "f.algorithm=RSA&column=tag.opt_level&baseline=-Os&split=machine&pool=param.coordinates&metric=ns_per_op&unit=ms%2Fop&agg=mean&sort=s%3A-Os&desc=1",
    );
    expect(decodeMatrix(VOCABULARY, new URLSearchParams(query))).toEqual(state);
    expect(encodeMatrix(DEFAULT_MATRIX).toString()).toBe("");
  });

  it("drops what it does not understand", () => {
    expect(
      decodeMatrix(
        VOCABULARY,
        new URLSearchParams("column=bogus&metric=x&agg=sum&sort=zz&f.nope=1"),
      ),
    ).toEqual(DEFAULT_MATRIX);
  });
});

describe("matrix table", () => {
  it("says once what every row shares and labels each row by what tells it apart", () => {
    const table = matrixTable(VOCABULARY, MATRIX, { sort: "", desc: false });
    expect(table.caption).toEqual([
      { dim: "algorithm", value: "RSA" },
      { dim: "operation", value: "verify" },
      { dim: "library", value: "Mbed TLS" },
    ]);
    expect(table.varying).toEqual(["param.key_bits", "param.padding"]);
    expect(table.labelHeader).toEqual(["key size (bits)", "padding"]);
    expect(table.rows.map((r) => r.label)).toEqual([
      "2048 bit · pkcs1v15",
      "2048 bit · pss",
      "4096 bit · pss",
    ]);
    expect(table.rows[0]?.title).toBe("key size (bits): 2048; padding: pkcs1v15");
    expect(table.rows.map((r) => r.labels)).toEqual([
      ["2048", "pkcs1v15"],
      ["2048", "pss"],
      ["4096", "pss"],
    ]);
    expect(table.columns).toEqual(["-O2", "-Os"]);
    expect(table.shared).toEqual([3, 2]);
  });

  it("names what keeps a column from sharing any row with the baseline", () => {
    const ecc = (library: string, coordinates: string, operation: string, value: number) => ({
      key: { algorithm: "EC", operation, library, params: { curve: "secp256k1", coordinates } },
      cells: library === "ECpy" ? [null, cell(value, 1)] : [cell(value, null), null],
    });
    const apart: MatrixResponse = {
      ...MATRIX,
      column: "library",
      baseline: "ECpy",
      columns: [
        { value: "ECC.py", rows: 2, shared: 0, geomean_speedup: null },
        { value: "ECpy", rows: 2, shared: 2, geomean_speedup: 1 },
      ],
      rows: [
        ecc("ECC.py", "affine", "point-add", 1),
        ecc("ECpy", "jacobian", "point-add", 2),
        ecc("ECC.py", "affine", "point-mul", 3),
        ecc("ECpy", "jacobian", "point-mul", 4),
      ],
    };
    expect(apartBy(VOCABULARY, apart, 0)).toEqual(["param.coordinates"]);
    expect(apartBy(VOCABULARY, apart, 1)).toEqual([]);
    const otherOperations = {
      ...apart,
      rows: [ecc("ECC.py", "affine", "point-add", 1), ecc("ECpy", "jacobian", "point-mul", 4)],
    };
    expect(apartBy(VOCABULARY, otherOperations, 0)).toEqual([]);
  });

  it("sorts by a column's speedup with empty cells last either way", () => {
    const up = matrixTable(VOCABULARY, MATRIX, { sort: "s:-Os", desc: false });
    expect(up.rows.map((r) => r.labels[1])).toEqual(["pkcs1v15", "pss", "pss"]);
    expect(up.rows.map((r) => r.cells[1]?.speedup ?? null)).toEqual([9 / 11, 0.88, null]);
    const down = matrixTable(VOCABULARY, MATRIX, { sort: "s:-Os", desc: true });
    expect(down.rows.map((r) => r.cells[1]?.speedup ?? null)).toEqual([0.88, 9 / 11, null]);
    const byValue = matrixTable(VOCABULARY, MATRIX, { sort: "v:-O2", desc: true });
    expect(byValue.rows.map((r) => r.cells[0]?.value)).toEqual([31e6, 11e6, 9e6]);
  });

  it("exports exactly the shown table: values in the display unit, speedups, the geomean row", () => {
    const table = matrixTable(VOCABULARY, MATRIX, { sort: "v:-O2", desc: true });
    expect(matrixCsv(table, "ms/op", 1e6).split("\r\n")).toEqual([
      "key size (bits),padding,'-O2 (ms/op),'-O2 speedup,'-Os (ms/op),'-Os speedup",
      "4096,pss,31,1,,",
      "2048,pss,11,1,12.5,0.88",
      `2048,pkcs1v15,9,1,11,${9 / 11}`,
      "geometric mean speedup,,,1,,0.8",
      "",
    ]);
  });

  it("colours better green, worse red, the baseline not at all", () => {
    expect(speedupColour(1)).toBeUndefined();
    expect(speedupColour(null)).toBeUndefined();
    expect(speedupColour(4)).toBe("color-mix(in srgb, var(--better) 55%, transparent)");
    expect(speedupColour(0.5)).toBe("color-mix(in srgb, var(--worse) 32%, transparent)");
  });
});
