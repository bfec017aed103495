import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useVocabulary, VocabularyProvider } from "../../src/api/vocabulary";
import { paramDimension, paramKey } from "../../src/lib/dimensions";
import { isFitDimension } from "../../src/lib/fits";
import { standardSizes } from "../../src/lib/tradeoff";
import { convert, metricLabel } from "../../src/lib/units";
import { VOCABULARY } from "./fixtures";

/** A component showing the label of ns_per_op from the vocabulary it is under. */
function NsLabel() {
  return metricLabel(useVocabulary(), "ns_per_op");
}

describe("the vocabulary is the loaded answer, handed to what reads it", () => {
  it("lib functions read the vocabulary they are given, not a copy of their own", () => {
    const renamed = {
      ...VOCABULARY,
      metrics: VOCABULARY.metrics.map((m) =>
        m.name === "ns_per_op" ? { ...m, label: "time per call" } : m,
      ),
    };
    expect(metricLabel(renamed, "ns_per_op")).toBe("time per call");
    expect(metricLabel(VOCABULARY, "ns_per_op")).toBe(
      VOCABULARY.metrics.find((m) => m.name === "ns_per_op")?.label,
    );
  });

  it("components read the one App provides", () => {
    const renamed = {
      ...VOCABULARY,
      metrics: VOCABULARY.metrics.map((m) =>
        m.name === "ns_per_op" ? { ...m, label: "time per call" } : m,
      ),
    };
    expect(
      renderToString(
        // biome-ignore lint/correctness/noChildrenProp: the provider's props type requires children, which the third argument does not satisfy for tsc
        createElement(VocabularyProvider, { value: renamed, children: createElement(NsLabel) }),
      ),
    ).toBe("time per call");
  });

  it("says so when it is read before it was loaded", () => {
    expect(() => renderToString(createElement(NsLabel))).toThrow(
      "the vocabulary is read before it was loaded",
    );
  });
});

describe("what the UI used to copy comes from the vocabulary", () => {
  it("converts figures by the served conversion table", () => {
    expect(convert(VOCABULARY, 1.8e9, "bytes_per_s", "ns_per_op", { bytes: 1024 })).toBeCloseTo(
      1e9 / (1.8e9 / 1024),
      9,
    );
    expect(convert(VOCABULARY, 80, "cycles_per_op", "ns_per_op", {})).toBeNull();
    expect(convert(VOCABULARY, 80, "cycles_per_op", "ns_per_op", { clock: 2.4e9 })).toBeCloseTo(
      (80 * 1e9) / 2.4e9,
      12,
    );
    expect(
      convert(VOCABULARY, 1000, "instructions_per_op", "instructions_per_byte", { bytes: 16 }),
    ).toBe(62.5);
    expect(
      convert(VOCABULARY, 1000, "instructions_per_op", "ns_per_op", { clock: 1e9, bytes: 16 }),
    ).toBeNull();
  });

  it("builds param dimensions by the served grammar", () => {
    expect(paramDimension(VOCABULARY, "curve")).toBe("param.curve");
    expect(paramKey(VOCABULARY, "param.key_bits")).toBe("key_bits");
    expect(paramKey(VOCABULARY, "tag.opt_level")).toBeUndefined();
  });

  it("takes the fit's sizes and the standard sizes from the vocabulary", () => {
    expect(
      ["param.block_bytes", "param.message_bytes", "param.key_bits"].map((d) =>
        isFitDimension(VOCABULARY, d),
      ),
    ).toEqual([true, true, false]);
    expect(standardSizes(VOCABULARY)).toEqual([
      "public_key_bytes",
      "signature_bytes",
      "ciphertext_bytes",
      "shared_secret_bytes",
    ]);
  });
});
