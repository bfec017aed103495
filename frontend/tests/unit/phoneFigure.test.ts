import type { Data, Layout } from "plotly.js";
import { describe, expect, it } from "vitest";
import {
  lineChars,
  phoneFigure,
  PHONE_PLOT_HEIGHT,
  refittedTitle,
  wrapLabel,
  wrapText,
} from "../../src/lib/phoneFigure";

const LONG = "beaglebone-black · (none) · none · elapsed fit (R² 1.0000)";

describe("wrapText", () => {
  it("breaks at spaces into lines of at most the given characters, the words unchanged", () => {
    const wrapped = wrapText(LONG, 30);
    expect(wrapped).toBe("beaglebone-black · (none) ·<br>none · elapsed fit (R² 1.0000)");
    expect(wrapped.split("<br>").every((line) => line.length <= 30)).toBe(true);
    expect(wrapped.replaceAll("<br>", " ")).toBe(LONG);
  });

  it("keeps short text and the text's own line breaks", () => {
    expect(wrapText("pss · -Os", 30)).toBe("pss · -Os");
    expect(wrapText("public key size (bytes)<br>smaller is better", 17)).toBe(
      "public key size<br>(bytes)<br>smaller is better",
    );
  });

  it("cuts a word longer than a line, never inside an escape", () => {
    expect(wrapText("0123456789abcdef", 8)).toBe("01234567<br>89abcdef");
    expect(wrapText("a&lt;b&gt;c", 2)).toBe("a&lt;<br>b&gt;<br>c");
  });
});

const series = (name: string): Data => ({ type: "scatter", name, x: [1], y: [1] });
const LAYOUT: Partial<Layout> = {
  margin: { t: 24, r: 16, b: 48, l: 64 },
  xaxis: { title: { text: "block size (bytes), log scale" } },
  legend: { title: { text: "machine · library version · engine · timing" } },
};

describe("phoneFigure", () => {
  it("puts the legend under the plot from the figure's left edge, its title above the entries", () => {
    const { layout } = phoneFigure([series("a"), series("b")], LAYOUT, 374);
    expect(layout.legend).toMatchObject({
      orientation: "h",
      xref: "container",
      x: 0,
      xanchor: "left",
      yref: "container",
      y: 0,
      yanchor: "bottom",
      title: { text: "machine · library version · engine · timing", side: "top" },
    });
    expect(layout.xaxis).toMatchObject({
      automargin: true,
      title: { text: "block size (bytes), log scale" },
    });
  });

  it("wraps legend labels to the width and grows the figure by the legend's lines, the plotting area kept", () => {
    const chars = lineChars(374);
    const short = phoneFigure([series("a"), series("b")], LAYOUT, 374);
    const long = phoneFigure([series(LONG), series(LONG)], LAYOUT, 374);
    expect(long.data.map((t) => ("name" in t ? t.name : ""))).toEqual([
      wrapText(LONG, chars),
      wrapText(LONG, chars),
    ]);
    expect(wrapText(LONG, chars)).toContain("<br>");
    expect((long.layout.height ?? 0) - (short.layout.height ?? 0)).toBe(2 * 16);
    expect(short.layout.height).toBeGreaterThan(PHONE_PLOT_HEIGHT + 24 + 56 + 16);
  });

  it("leaves traces without a legend entry as they are", () => {
    const hidden = { ...series(LONG), showlegend: false } as Data;
    expect(phoneFigure([series("a"), series("b"), hidden], LAYOUT, 200).data[2]).toBe(hidden);
  });

  it("without a legend: no legend settings, the plotting area's height, or the figure's own when taller", () => {
    const one = phoneFigure([series(LONG)], { ...LAYOUT, showlegend: false }, 374);
    expect(one.layout.legend).toEqual(LAYOUT.legend);
    expect(one.layout.height).toBe(24 + PHONE_PLOT_HEIGHT + 56 + 16);
    // Compare's 6 rows (110 + 22 px a row) drew a plotting area of 160 px
    expect(phoneFigure([series("a")], { ...LAYOUT, height: 242 }, 374).layout.height).toBe(
      24 + PHONE_PLOT_HEIGHT + 56 + 16,
    );
    expect(phoneFigure([series("a")], { ...LAYOUT, height: 990 }, 374).layout.height).toBe(990);
  });
});

describe("wrapLabel", () => {
  it("breaks a row label between its parts, each line but the last ending with its ·", () => {
    expect(wrapLabel("#1 beaglebone-black · aes-128-cbc [kB/s]", 20)).toBe(
      "#1 beaglebone-black ·<br>aes-128-cbc [kB/s]",
    );
    expect(wrapLabel("1. SHA-256 · 2048 bit · pkcs1v15", 20)).toBe(
      "1. SHA-256 ·<br>2048 bit · pkcs1v15",
    );
    expect(wrapLabel("5. 2048 bit · none", 20)).toBe("5. 2048 bit · none");
  });

  it("breaks a part longer than a line at its spaces", () => {
    expect(wrapLabel("#2 esp32c6 · a very long benchmark name", 12)).toBe(
      "#2 esp32c6 ·<br>a very long<br>benchmark<br>name",
    );
  });
});

describe("phoneFigure's row labels", () => {
  const ROWS = ["#1 beaglebone-black · aes-128-cbc [kB/s]", "#2 esp32c6 · sha-256 [B/s]"];
  const rows: Partial<Layout> = {
    margin: { t: 16, r: 16, b: 48, l: 16 },
    yaxis: { type: "category", categoryarray: ROWS },
    height: 110 + 56 * ROWS.length,
  };

  it("wraps a category axis's labels into 40% of the width, the categories kept", () => {
    const { layout } = phoneFigure([series("a")], rows, 358);
    expect(layout.yaxis).toMatchObject({
      type: "category",
      categoryarray: ROWS,
      tickmode: "array",
      tickvals: ROWS,
      ticktext: ["#1 beaglebone-black ·<br>aes-128-cbc [kB/s]", "#2 esp32c6 ·<br>sha-256 [B/s]"],
    });
  });

  it("makes the rows as tall as their labels' lines once they need more than the phone's plot height", () => {
    const many = Array.from({ length: 12 }, (_, i) => `#${i + 1} beaglebone-black · aes-128-cbc`);
    const { layout } = phoneFigure(
      [series("a")],
      { ...rows, yaxis: { type: "category", categoryarray: many }, height: 110 + 22 * 12 },
      358,
    );
    expect(layout.height).toBe(16 + 12 * (2 * 16 + 8) + 56 + 16);
    expect(phoneFigure([series("a")], rows, 358).layout.height).toBe(
      16 + PHONE_PLOT_HEIGHT + 56 + 16,
    );
  });

  it("leaves a value axis as it is", () => {
    expect(phoneFigure([series("a")], LAYOUT, 358).layout.yaxis).toBeUndefined();
  });
});

describe("refittedTitle", () => {
  const layout: Partial<Layout> = {
    xaxis: { title: { text: "speedup of the contender (> 1 = better)" }, type: "log" },
  };
  const phone = phoneFigure([series("a")], layout, 374).layout;

  it("leaves a title drawn within the figure", () => {
    expect(
      refittedTitle(layout, phone, 374, { left: 40, right: 330 }, { left: 8, right: 382 }),
    ).toBeNull();
  });

  it("wraps a title drawn past the figure's right edge into lines that fit around its centre", () => {
    // 40 characters drawn 280 px wide, centred at 292 px: 90 px to the edge, so lines of 2 * 90 / 7 - 1 = 24 characters
    const refitted = refittedTitle(
      layout,
      phone,
      374,
      { left: 152, right: 432 },
      { left: 8, right: 382 },
    );
    expect(refitted?.xaxis).toMatchObject({
      type: "log",
      automargin: true,
      title: { text: "speedup of the contender<br>(> 1 = better)" },
    });
    expect(refitted?.height).toBe(phone.height);
  });
});
