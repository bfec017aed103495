/** The single Plotly wrapper: renders into its own ref (no global ids), purges on unmount. */
import type { Config, Data, Layout } from "plotly.js";
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
  type RefObject,
} from "react";
import { NARROW, phoneFigure, refittedTitle } from "../lib/phoneFigure";

/** What a click on a point tells: its trace (curveNumber), x and customdata. */
export interface ClickedPoint {
  curveNumber: number;
  x: unknown;
  customdata: unknown;
}

export interface PlotHandle {
  download(format: "png" | "svg", filename: string): Promise<void>;
}

interface Props {
  data: Data[];
  layout: Partial<Layout>;
  label: string;
  ref?: Ref<PlotHandle>;
  onPointClick?: (point: ClickedPoint) => void;
  /** The graph div's data-testid (the Explorer's chart is "plot"). */
  testId?: string;
}

/** Plotly is loaded on first use, in its own chunk, so the page and its queries start before it is parsed. */
export const plotly = () => import("../plotly").then((m) => m.default);

/**
 * Bench and e2e instrumentation, only in the test build (`npm run build:e2e`, mode "e2e"; Vite
 * replaces the constant, so the production bundle has none of it): a `cryptobench:chart-drawn`
 * performance mark per draw and `data-drawn`, the draws so far in this page across remounts, which
 * lets tests wait for a new draw.
 */
const INSTRUMENTED = import.meta.env.MODE === "e2e";
let drawSequence = 0;

const CONFIG: Partial<Config> = {
  displaylogo: false,
  responsive: true,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"],
};

/** The plot's width while it is narrow (a phone: the figure is drawn by phoneFigure), null while it is not. */
function useNarrowWidth(div: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = div.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth < NARROW ? el.clientWidth : null);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [div]);
  return width;
}

export function PlotlyFigure({ data, layout, label, ref, onPointClick, testId = "plot" }: Props) {
  const div = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const narrow = useNarrowWidth(div);

  useEffect(() => {
    const el = div.current;
    if (!el) return;
    let alive = true;
    const figure = narrow === null ? { data, layout } : phoneFigure(data, layout, narrow);
    const draw = async () => {
      const Plotly = await plotly();
      if (!alive) return;
      const plot = await Plotly.react(el, figure.data, figure.layout, CONFIG);
      if (!alive) return;
      const title = el.querySelector(".g-xtitle");
      if (narrow !== null && title) {
        const refitted = refittedTitle(
          layout,
          figure.layout,
          narrow,
          title.getBoundingClientRect(),
          el.getBoundingClientRect(),
        );
        if (refitted) await Plotly.react(el, figure.data, refitted, CONFIG);
        if (!alive) return;
      }
      plot.removeAllListeners("plotly_click");
      if (onPointClick) {
        plot.on("plotly_click", (event) => {
          const point = event.points[0];
          if (point)
            onPointClick({
              curveNumber: point.curveNumber,
              x: point.x,
              customdata: point.customdata,
            });
        });
      }
      if (!INSTRUMENTED) return;
      performance.mark("cryptobench:chart-drawn");
      drawSequence += 1;
      setDrawn(drawSequence);
    };
    draw().then(
      () => setFailure(null),
      (err: unknown) => setFailure(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      alive = false;
    };
  }, [data, layout, onPointClick, narrow]);

  useEffect(() => {
    const el = div.current;
    return () => {
      if (el) void plotly().then((Plotly) => Plotly.purge(el));
    };
  }, []);

  useImperativeHandle(ref, () => ({
    async download(format, filename) {
      const Plotly = await plotly();
      if (div.current)
        await Plotly.downloadImage(div.current, { format, filename, width: 1200, height: 600 });
    },
  }));

  return (
    <>
      {failure !== null && (
        <p className="state error" role="alert">
          The chart could not be drawn: {failure}. The table below has the same numbers.
        </p>
      )}
      {/* A figure, not an img: Plotly puts its own buttons (the mode bar) inside, and an img's children are not reachable. */}
      <div
        ref={div}
        className={narrow === null ? "plot" : "plot phone"}
        role="figure"
        aria-label={label}
        data-testid={testId}
        data-drawn={INSTRUMENTED ? drawn : undefined}
      />
    </>
  );
}
