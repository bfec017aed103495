import { describe, expect, it } from "vitest";
import type { Acknowledgement, ChangeEvent } from "../../src/api/types";
import { eventCounts, eventDirection, variantText, wordText } from "../../src/lib/changes";

const counted = (regressions: number, improvements: number) =>
  ({ regressions, improvements }) as ChangeEvent;

describe("change events", () => {
  it("count their changes in the run verdicts' words", () => {
    expect(eventCounts(counted(10, 0))).toBe("10 regressed");
    expect(eventCounts(counted(1, 2))).toBe("1 regressed, 2 improved");
    expect(eventCounts(counted(0, 1))).toBe("1 improved");
    expect(eventDirection(counted(1, 2))).toBe("mixed");
  });

  it("say a person's word", () => {
    const word: Acknowledgement = {
      kind: "expected",
      author: "ops",
      note: "AES-NI masked",
      acknowledged_at: "t",
    };
    expect(wordText(word)).toBe("expected by ops: AES-NI masked");
  });

  it("name the variant their lineages keep", () => {
    expect(variantText({ hw_accel: "none", opt_level: "-Os" })).toBe(
      " (hw_accel none, opt_level -Os)",
    );
    expect(variantText({})).toBe("");
  });
});
