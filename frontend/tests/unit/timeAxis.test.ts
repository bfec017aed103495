import { describe, expect, it } from "vitest";
import { timeAxis } from "../../src/lib/timeAxis";

describe("timeAxis", () => {
  it("gives runs that started at one instant (the demo data) day ticks, never milliseconds", () => {
    expect(timeAxis(["2020-06-01T00:00:00Z", "2020-06-01T00:00:00Z"])).toEqual({
      type: "date",
      tickformat: "%-d %b %Y",
      dtick: 86_400_000,
      range: ["2020-05-30 12:00:00", "2020-06-02 12:00:00"],
    });
  });

  it("gives runs within one day times of day, a range of at least an hour, minute steps", () => {
    expect(timeAxis(["2026-11-20T10:00:00Z", "2026-11-20T10:00:10Z"])).toEqual({
      type: "date",
      tickformat: "%H:%M<br>%-d %b %Y",
      dtick: 15 * 60_000,
      range: ["2026-11-20 09:30:05", "2026-11-20 10:30:05"],
    });
    expect(timeAxis(["2026-11-20T08:00:00Z", "2026-11-20T18:00:00Z"])).toEqual({
      type: "date",
      tickformat: "%H:%M<br>%-d %b %Y",
      dtick: 3 * 3_600_000,
      range: ["2026-11-20 07:00:00", "2026-11-20 19:00:00"],
    });
  });

  it("gives runs days apart whole-day steps, and leaves months to Plotly's date steps", () => {
    expect(timeAxis(["2026-11-01T02:00:00Z", "2026-11-03T02:00:00Z"])).toEqual({
      type: "date",
      tickformat: "%-d %b %Y",
      dtick: 86_400_000,
    });
    expect(timeAxis(["2026-11-01T02:00:00Z", "2026-11-21T02:00:00Z"])).toEqual({
      type: "date",
      tickformat: "%-d %b %Y",
      dtick: 7 * 86_400_000,
    });
    expect(timeAxis(["2025-01-01T00:00:00Z", "2026-11-21T02:00:00Z"])).toEqual({ type: "date" });
  });
});
