/** One leak screen opened: both classes' distributions over shared bins, Welch's t against sample
 * count, the bootstrap interval of the median difference, and the classes' figures. */
import { useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useRef } from "react";
import { Link } from "react-router";
import { leakQuery } from "../api/queries";
import type { LeakDetail } from "../api/types";
import {
  histogramFigure,
  implementationText,
  intervalText,
  KIND_LABEL,
  operationText,
  progressFigure,
} from "../lib/leaks";
import { formatTime } from "../lib/history";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import { formatNumber } from "../lib/units";
import { PlotlyFigure } from "./PlotlyFigure";
import { ErrorMessage, Loading } from "./States";
import { TableBox } from "./TableBox";

function Classes({ detail }: { detail: LeakDetail }) {
  const s = detail.screen;
  return (
    <TableBox label="input classes">
      <table aria-label="input classes">
        <thead>
          <tr>
            {["class", "samples", `median (${s.unit})`, "min", "max"].map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? "num" : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.classes.map((c) => (
            <tr key={c.name}>
              <td>{c.name}</td>
              <td className="num">{c.n.toLocaleString("en")}</td>
              <td className="num">{formatNumber(c.median, 6)}</td>
              <td className="num">{formatNumber(c.min, 6)}</td>
              <td className="num">{formatNumber(c.max, 6)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

function Detail({ detail }: { detail: LeakDetail }) {
  const theme = CHART_THEMES[useContext(ThemeContext)];
  const s = detail.screen;
  const interval = intervalText(detail);
  return (
    <>
      <p className={s.verdict.kind === "leak" ? "worse" : undefined} data-testid="leak-verdict">
        {s.verdict.text}
      </p>
      <p className="note">
        On {s.machine}, run of <Link to={`/runs/${s.run_id}`}>{formatTime(s.started_at)}</Link>:{" "}
        {detail.scope}.
      </p>
      {s.classes.length > 0 && <Classes detail={detail} />}
      {interval && <p className="note">{interval}</p>}
      {detail.histograms.length === 2 ? (
        <>
          <h3 className="subhead">Both classes' distributions</h3>
          <PlotlyFigure
            {...histogramFigure(detail, theme)}
            label="histograms of both input classes"
            testId="leak-histograms"
          />
          {detail.progress.length > 0 ? (
            <>
              <h3 className="subhead">Welch's t against sample count</h3>
              <p className="note">
                A leak's t grows with the square root of the samples; noise stays within ±
                {detail.threshold}.
              </p>
              <PlotlyFigure
                {...progressFigure(detail, theme)}
                label="Welch's t against sample count"
                testId="leak-progress"
              />
            </>
          ) : (
            <p className="note">
              Instruction counts are compared exactly (one count for every {s.classes[0]?.name}{" "}
              input): no t against sample count.
            </p>
          )}
        </>
      ) : (
        <p className="note">
          {s.verdict.evidence === "dudect"
            ? "dudect's own output holds its largest t and its measurements, not the samples: there is no distribution to draw."
            : "This screen has no samples of two classes to draw."}
        </p>
      )}
    </>
  );
}

export function LeakDetailPanel({
  runId,
  position,
  closeHref,
}: {
  runId: string;
  position: number;
  closeHref: string;
}) {
  const answer = useQuery(leakQuery(runId, position));
  const section = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled into view each time another screen opens
  useEffect(() => {
    section.current?.scrollIntoView({ block: "nearest" });
  }, [runId, position]);
  const s = answer.data?.screen;
  return (
    <section ref={section} className="drilldown" aria-label="leak screen">
      <div className="toolbar">
        <h2 className="subhead">
          {s ? `${operationText(s)} · ${implementationText(s)}` : "Leak screen"}
          {s ? ` — ${KIND_LABEL[s.verdict.kind]}` : ""}
        </h2>
        <Link to={closeHref}>Close</Link>
      </div>
      {answer.isPending ? (
        <Loading what="the leak screen" />
      ) : answer.isError ? (
        <ErrorMessage error={answer.error} what="the leak screen" />
      ) : (
        <Detail detail={answer.data} />
      )}
    </section>
  );
}
