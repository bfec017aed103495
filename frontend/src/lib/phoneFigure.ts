/**
 * A figure on a narrow screen (a phone): the legend under the plot across the figure's width, its
 * labels and the x axis title wrapped to that width, and a height enough that the plotting area
 * keeps PHONE_PLOT_HEIGHT above the legend (without a legend, a figure as tall as its rows, such as
 * Compare's, keeps its own height where that is taller); the row labels of a category y axis wrapped
 * so that they leave the plot most of the width, the rows as tall as their labels' lines.
 * Plotly neither wraps legend text nor grows a figure for its legend, so the lines are counted here.
 * Pure: the figure as built -> the figure as drawn at that width.
 */
import type { Data, Layout } from "plotly.js";

/** Below this width (px) the legend goes under the plot, so that the plot keeps the screen's width. */
export const NARROW = 600;
/** The plotting area's height (px) on a phone, whatever the legend's. */
export const PHONE_PLOT_HEIGHT = 280;
/** One line of 12 px text in a legend or an axis title (Plotly's line spacing is 1.3). */
const LINE = 16;
/** Average width (px) of a character of 12 px text, for the characters a line holds. */
const CHAR = 7;
/** Below the plotting area without a legend: the x tick labels (turned when crowded) and the title's padding. */
const X_AXIS = 56;
/** Per legend entry beyond its lines, between entries, and around the legend. */
const ENTRY_PAD = 4;
const ENTRY_GAP = 4;
const LEGEND_PAD = 24;
/** The share of a phone's width that a category axis's row labels may take, the rest left to the plot. */
const LABEL_SHARE = 0.4;
/** Between two rows of a category axis, beyond their labels' lines. */
const ROW_PAD = 8;

/** How many characters a line of legend or axis text holds in a plot this wide (px). */
export function lineChars(width: number): number {
  return Math.max(16, Math.floor((width - 56) / CHAR));
}

/** The characters of Plotly text, an escape (`&amp;`) counting as one and never split. */
const units = (text: string): string[] => text.match(/&[#a-z0-9]+;|[\s\S]/gi) ?? [];

/** A word cut into pieces of at most `chars` characters (a long name or hash without spaces). */
function cutWord(word: string, chars: number): string[] {
  const all = units(word);
  const pieces: string[] = [];
  for (let i = 0; i < all.length; i += chars) pieces.push(all.slice(i, i + chars).join(""));
  return pieces;
}

/** Plotly text wrapped with `<br>` at spaces into lines of at most `chars` characters; its own `<br>`s kept. */
export function wrapText(text: string, chars: number): string {
  return text
    .split("<br>")
    .flatMap((line) => {
      const lines: string[] = [];
      let current = "";
      for (const word of line.split(" ").flatMap((w) => cutWord(w, chars))) {
        const joined = current === "" ? word : `${current} ${word}`;
        if (units(joined).length <= chars || current === "") current = joined;
        else {
          lines.push(current);
          current = word;
        }
      }
      return [...lines, current];
    })
    .join("<br>");
}

const lineCount = (text: string): number => text.split("<br>").length;

/** Whether a trace has a legend entry. */
const inLegend = (t: Data): boolean => !("showlegend" in t && t.showlegend === false);

/** Whether Plotly draws a legend: as the layout says, else when more than one trace has an entry. */
function legendShown(data: Data[], layout: Partial<Layout>): boolean {
  return layout.showlegend ?? data.filter(inLegend).length > 1;
}

function titleText(title: unknown): string {
  if (typeof title === "string") return title;
  if (
    title !== null &&
    typeof title === "object" &&
    "text" in title &&
    typeof title.text === "string"
  )
    return title.text;
  return "";
}

/**
 * The x axis with its title wrapped to the width (a long one is cut by the figure's edge otherwise),
 * and its margin grown to its ticks and title: Plotly lays a legend under the plot over whatever of
 * the bottom margin no axis claims.
 */
function phoneXAxis(layout: Partial<Layout>, chars: number): Partial<Layout> {
  const xaxis = layout.xaxis ?? {};
  const text = titleText(xaxis.title);
  const title =
    text === ""
      ? {}
      : {
          title: {
            ...(typeof xaxis.title === "object" ? xaxis.title : {}),
            text: wrapText(text, chars),
          },
        };
  return { xaxis: { ...xaxis, ...title, automargin: true } };
}

/**
 * A row label wrapped into lines of at most `chars` characters (and a closing " ·"), breaking first
 * between its " · " parts (each line but the last ends with its "·"), then at spaces within a part
 * too long for a line.
 */
export function wrapLabel(label: string, chars: number): string {
  const lines: string[] = [];
  let current = "";
  for (const part of label.split(" · ")) {
    const joined = current === "" ? part : `${current} · ${part}`;
    if (units(joined).length <= chars || current === "") current = joined;
    else {
      lines.push(current);
      current = part;
    }
  }
  return [...lines, current]
    .map((line, i, all) => `${wrapText(line, chars)}${i < all.length - 1 ? " ·" : ""}`)
    .join("<br>");
}

/**
 * A category y axis (Compare's rows, the drill-down's results) with its labels wrapped to a share of
 * the width: Plotly gives long labels whatever they ask, leaving the plot a sliver. Also the height
 * (px) its rows need for their lines. Nothing for another axis.
 */
function phoneYAxis(
  layout: Partial<Layout>,
  width: number,
): { yaxis?: Partial<Layout["yaxis"]>; rowsHeight: number } {
  const yaxis = layout.yaxis;
  const categories = yaxis?.categoryarray;
  if (yaxis?.type !== "category" || !Array.isArray(categories)) return { rowsHeight: 0 };
  const chars = Math.max(12, Math.floor((width * LABEL_SHARE) / CHAR));
  const ticktext = categories.map((c) => wrapLabel(String(c), chars));
  const lines = Math.max(1, ...ticktext.map(lineCount));
  return {
    yaxis: { ...yaxis, tickmode: "array", tickvals: categories, ticktext },
    rowsHeight: categories.length * (lines * LINE + ROW_PAD),
  };
}

/** Where a thing was drawn across the window (px). */
export interface Span {
  left: number;
  right: number;
}

/**
 * The phone figure's layout again, its x title wrapped narrower, where that title (centred under a
 * plotting area pushed aside by long category labels) was `drawn` past an edge of the `figure`:
 * lines as wide as twice the room between its centre and the nearer edge. Null when it fits.
 * `layout` is the figure as built, `phone` as phoneFigure made it for `width`.
 */
export function refittedTitle(
  layout: Partial<Layout>,
  phone: Partial<Layout>,
  width: number,
  drawn: Span,
  figure: Span,
): Partial<Layout> | null {
  if (drawn.left >= figure.left - 0.5 && drawn.right <= figure.right + 0.5) return null;
  const text = titleText(layout.xaxis?.title);
  const longest = Math.max(
    ...wrapText(text, lineChars(width))
      .split("<br>")
      .map((line) => units(line).length),
  );
  const centre = (drawn.left + drawn.right) / 2;
  const room = 2 * Math.min(centre - figure.left, figure.right - centre);
  const chars = Math.max(8, Math.floor((longest * room) / (drawn.right - drawn.left)) - 1);
  const xaxis = phone.xaxis ?? {};
  return {
    ...phone,
    xaxis: {
      ...xaxis,
      title: {
        ...(typeof xaxis.title === "object" ? xaxis.title : {}),
        text: wrapText(text, chars),
      },
    },
  };
}

/** Plotly's legend.maxheight (px above 1), which @types/plotly.js does not list. */
type Legend = Partial<Layout["legend"]> & { maxheight: number };

/** The legend under the plot, from the figure's left edge, its title above its entries. */
function phoneLegend(
  legend: Partial<Layout["legend"]> | undefined,
  title: string,
  height: number,
): Legend {
  return {
    ...legend,
    title: { ...legend?.title, text: title, side: "top" },
    orientation: "h",
    tracegroupgap: ENTRY_GAP,
    xref: "container",
    x: 0,
    xanchor: "left",
    yref: "container",
    y: 0,
    yanchor: "bottom",
    // Plotly scrolls a legend taller than half the figure: this one is never cut.
    maxheight: height,
  };
}

/** The height (px) of a legend of these entries under this title, generously: what it does not take goes to the plot. */
function legendHeight(entries: Data[], title: string): number {
  const lines = entries.reduce(
    (sum, t) => sum + lineCount("name" in t && typeof t.name === "string" ? t.name : ""),
    0,
  );
  return (
    LEGEND_PAD +
    (title === "" ? 0 : lineCount(title) * LINE + ENTRY_GAP) +
    lines * LINE +
    entries.length * (ENTRY_PAD + ENTRY_GAP)
  );
}

/** The figure as drawn in a plot `width` px wide, below NARROW. */
export function phoneFigure(
  data: Data[],
  layout: Partial<Layout>,
  width: number,
): { data: Data[]; layout: Partial<Layout> } {
  const chars = lineChars(width);
  const { yaxis, rowsHeight } = phoneYAxis(layout, width);
  const withAxis = { ...layout, ...phoneXAxis(layout, chars), ...(yaxis ? { yaxis } : {}) };
  const axisHeight =
    (withAxis.margin?.t ?? 24) +
    Math.max(PHONE_PLOT_HEIGHT, rowsHeight) +
    X_AXIS +
    lineCount(titleText(withAxis.xaxis?.title)) * LINE;
  if (!legendShown(data, layout))
    return { data, layout: { ...withAxis, height: Math.max(layout.height ?? 0, axisHeight) } };
  const named = data.map((t) =>
    inLegend(t) && "name" in t && typeof t.name === "string"
      ? { ...t, name: wrapText(t.name, chars) }
      : t,
  );
  const title = wrapText(titleText(layout.legend?.title), chars);
  const height = axisHeight + legendHeight(named.filter(inLegend), title);
  return {
    data: named,
    layout: { ...withAxis, height, legend: phoneLegend(layout.legend, title, height) },
  };
}
