/** The single Plotly wrapper: renders into its own ref (no global ids), purges on unmount. */
import type { Config, Data, Layout } from "plotly.js";
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import Plotly from "../plotly";

export interface PlotHandle {
  download(format: "png" | "svg", filename: string): Promise<void>;
}

interface Props {
  data: Data[];
  layout: Partial<Layout>;
  label: string;
  ref?: Ref<PlotHandle>;
}

/** Draws so far in this page, across remounts: `data-drawn` lets tests and benches wait for a new draw. */
let drawSequence = 0;

const CONFIG: Partial<Config> = {
  displaylogo: false,
  responsive: true,
  modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"],
};

export function PlotlyFigure({ data, layout, label, ref }: Props) {
  const div = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(0);

  useEffect(() => {
    const el = div.current;
    if (!el) return;
    let alive = true;
    void Plotly.react(el, data, layout, CONFIG).then(() => {
      if (!alive) return;
      performance.mark("cryptobench:chart-drawn");
      drawSequence += 1;
      setDrawn(drawSequence);
    });
    return () => {
      alive = false;
    };
  }, [data, layout]);

  useEffect(() => {
    const el = div.current;
    return () => {
      if (el) Plotly.purge(el);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    async download(format, filename) {
      if (div.current) await Plotly.downloadImage(div.current, { format, filename, width: 1200, height: 600 });
    },
  }));

  return <div ref={div} className="plot" role="img" aria-label={label} data-testid="plot" data-drawn={drawn} />;
}
