import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/lib/presets";
import {
  DEFAULT_STATE,
  decodeState,
  encodeState,
  explorerHref,
  filterParams,
  keepPoint,
  toggleFilter,
  withSplit,
  type ExplorerState,
} from "../../src/lib/viewState";
import { VOCABULARY } from "./fixtures";

const FULL: ExplorerState = {
  filters: { algorithm: ["RSA"], "param.padding": ["pss", "pkcs1v15"], "tag.opt_level": ["-O2"] },
  x: "param.key_bits",
  series: ["param.padding", "tag.opt_level"],
  metric: "ns_per_op",
  unit: "ms/op",
  agg: "max",
  scale: "log",
  chart: "lines",
  relative: { by: "series", key: ["pss", "-O2"] },
  point: { x: "2048", key: ["pss", null] },
};

describe("URL state", () => {
  it("round-trips the whole view state", () => {
    expect(decodeState(VOCABULARY, encodeState(FULL))).toEqual(FULL);
    expect(decodeState(VOCABULARY, new URLSearchParams(encodeState(FULL).toString()))).toEqual(
      FULL,
    );
  });

  it("round-trips every preset", () => {
    for (const p of PRESETS) expect(decodeState(VOCABULARY, encodeState(p.state))).toEqual(p.state);
  });

  it("gives the default state an empty query", () => {
    expect(explorerHref(DEFAULT_STATE)).toBe("/");
    expect(decodeState(VOCABULARY, new URLSearchParams())).toEqual({
      ...DEFAULT_STATE,
      filters: { algorithm: ["AES-128-CBC"], operation: ["encrypt"] },
      x: "param.block_bytes",
      series: ["machine"],
      metric: "bytes_per_s",
      chart: "lines",
    });
  });

  it("writes a canonical query", () => {
    expect(encodeState(FULL).toString()).toBe(
      "f.algorithm=RSA&f.param.padding=pss&f.param.padding=pkcs1v15&f.tag.opt_level=-O2&x=param.key_bits" +
        "&series=param.padding&series=tag.opt_level&metric=ns_per_op&unit=ms%2Fop&agg=max&scale=log&chart=lines&vs=pss&vs=-O2" +
        "&point=2048&point=pss&point=",
    );
  });

  it("drops what it does not understand instead of guessing", () => {
    const s = decodeState(
      VOCABULARY,
      new URLSearchParams(
        "x=bogus&metric=furlongs&agg=sum&f.nope=1&series=a&series=b&unit=parsecs",
      ),
    );
    expect(s).toEqual(DEFAULT_STATE);
  });

  it("keeps at most two series dimensions", () => {
    const s = decodeState(
      VOCABULARY,
      new URLSearchParams("series=algorithm&series=library&series=machine"),
    );
    expect(s.series).toEqual(["algorithm", "library"]);
  });
});

describe("an open point", () => {
  it("is named by the series the server split too", () => {
    const state = { ...DEFAULT_STATE, series: ["library"] };
    expect(withSplit(state, ["machine", "tag.opt_level"]).series).toEqual([
      "library",
      "machine",
      "tag.opt_level",
    ]);
    expect(withSplit(state, [])).toBe(state);
  });

  it("needs its x value and one value per series dimension, empty meaning absent", () => {
    expect(
      decodeState(VOCABULARY, new URLSearchParams("series=library&point=RSA&point=")).point,
    ).toEqual({ x: "RSA", key: [null] });
    expect(
      decodeState(VOCABULARY, new URLSearchParams("series=library&point=RSA")).point,
    ).toBeNull();
    // values past the series dimensions are those of the dimensions the server split (withSplit)
    expect(decodeState(VOCABULARY, new URLSearchParams("point=RSA&point=x")).point).toEqual({
      x: "RSA",
      key: ["x"],
    });
    expect(
      decodeState(
        VOCABULARY,
        new URLSearchParams("series=library&series=machine&point=RSA&point=x"),
      ).point,
    ).toBeNull();
  });

  it("stays open when the metric or unit changes and closes with the chart's filters, x or series", () => {
    expect(keepPoint(FULL, { ...FULL, metric: "ops_per_s", unit: null, agg: "median" })).toEqual({
      ...FULL,
      metric: "ops_per_s",
      unit: null,
      agg: "median",
    });
    expect(keepPoint(FULL, { ...FULL, x: "library" }).point).toBeNull();
    expect(keepPoint(FULL, { ...FULL, series: ["param.padding"] }).point).toBeNull();
    expect(keepPoint(FULL, { ...FULL, filters: { algorithm: ["RSA"] } }).point).toBeNull();
    expect(
      keepPoint(FULL, {
        ...FULL,
        filters: {
          "tag.opt_level": ["-O2"],
          algorithm: ["RSA"],
          "param.padding": ["pss", "pkcs1v15"],
        },
      }).point,
    ).toEqual(FULL.point);
  });
});

describe("filters", () => {
  it("become API query parameters, a repeated key meaning OR", () => {
    expect(filterParams(FULL.filters).toString()).toBe(
      "algorithm=RSA&param.padding=pss&param.padding=pkcs1v15&tag.opt_level=-O2",
    );
  });

  it("toggle values on and off, removing empty dimensions", () => {
    const on = toggleFilter({}, "tag.engine", "devcrypto");
    expect(on).toEqual({ "tag.engine": ["devcrypto"] });
    expect(toggleFilter(on, "tag.engine", "devcrypto")).toEqual({});
  });
});
