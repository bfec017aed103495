/**
 * Compare two runs: how many times better the contender is on each shared result (the Explorer's
 * "> 1 = better"), whether that stands out of the noise, a chart of it, and the run fields that
 * differ (a multi-line one by the lines that differ).
 */
import { useQuery } from "@tanstack/react-query";
import { useContext, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { compareQuery, runQuery } from "../api/queries";
import type { CompareResponse, RunDetail } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { MetricPicker } from "../components/MetricPicker";
import { PlotlyFigure } from "../components/PlotlyFigure";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import {
  compareFigure,
  noiseBasis,
  noiseText,
  noiseZ,
  rowLabel,
  typedClass,
  typedText,
  verdictText,
} from "../lib/compareView";
import { fieldText } from "../lib/runs";
import { CHART_THEMES, ThemeContext } from "../lib/theme";
import {
  formatRatio,
  isMetric,
  metricInfo,
  metrics,
  viewFormatter,
  type Metric,
} from "../lib/units";

type Field = CompareResponse["fields"][number];

function runLabel(run: RunDetail | undefined, id: string): string {
  return run?.label ?? id;
}

/** A differing value of several lines: only the lines that differ, the rest counted. */
function LineDiff({ lines }: { lines: NonNullable<Field["lines"]> }) {
  return (
    <div className="diff" data-testid="line-diff">
      {lines.hunks.map((h, i) => (
        <div key={i}>
          {h.before.map((l, j) => (
            <del key={`b${j}`}>− {l}</del>
          ))}
          {h.after.map((l, j) => (
            <ins key={`a${j}`}>+ {l}</ins>
          ))}
        </div>
      ))}
      {lines.unchanged > 0 && (
        <span className="note">
          {lines.unchanged === 1
            ? "1 line the same on both"
            : `${lines.unchanged} lines the same on both`}
        </span>
      )}
    </div>
  );
}

function FieldRows({ fields }: { fields: Field[] }) {
  return (
    <tbody>
      {fields.map((d) => (
        <tr key={d.field} className={d.differs ? "differs" : undefined}>
          <th scope="row">{d.field}</th>
          {d.lines ? (
            <td colSpan={2}>
              <LineDiff lines={d.lines} />
            </td>
          ) : (
            <>
              <td>{fieldText(d.baseline)}</td>
              <td>{fieldText(d.contender)}</td>
            </>
          )}
        </tr>
      ))}
    </tbody>
  );
}

function FieldHead() {
  return (
    <thead>
      <tr>
        <th scope="col">field</th>
        <th scope="col">baseline</th>
        <th scope="col">contender</th>
      </tr>
    </thead>
  );
}

function Differences({ fields }: { fields: Field[] }) {
  const differing = fields.filter((f) => f.differs);
  const same = fields.filter((f) => !f.differs);
  return (
    <section aria-label="run differences">
      <h3 className="subhead">What differs between the runs</h3>
      {differing.length === 0 ? (
        <p className="note">Nothing: machine, tool, clock and tags are the same.</p>
      ) : (
        <TableBox label="run fields that differ">
          <table data-testid="run-differences">
            <FieldHead />
            <FieldRows fields={differing} />
          </table>
        </TableBox>
      )}
      {same.length > 0 && (
        <details>
          <summary>{same.length} fields the same on both runs</summary>
          <TableBox label="run fields the same on both">
            <table>
              <FieldHead />
              <FieldRows fields={same} />
            </table>
          </TableBox>
        </details>
      )}
    </section>
  );
}

function Summary({ data }: { data: CompareResponse }) {
  const v = data.geomean_verdict;
  const basis = data.rows.every((r) => r.noise !== null)
    ? ` (noise ${noiseText(data.geomean_noise)})`
    : " (the noise of some results is unknown)";
  return (
    <p data-testid="geomean">
      Over {data.rows.length === 1 ? "1 shared result" : `${data.rows.length} shared results`} the
      contender is <strong className={v ?? undefined}>{formatRatio(data.geomean_speedup)}</strong>{" "}
      as good as the baseline (geometric mean; &gt; 1 = better):{" "}
      <strong className={v ?? undefined}>{verdictText(v, data.geomean_noise)}</strong>
      {v === "same" ? "" : basis}.
    </p>
  );
}

function Ratios({ data }: { data: CompareResponse }) {
  const vocabulary = useVocabulary();
  const metric = data.metric as Metric;
  const format = viewFormatter(
    vocabulary,
    metric,
    data.rows.flatMap((r) => [r.baseline, r.contender]),
  );
  const theme = useContext(ThemeContext);
  const figure = useMemo(
    () => compareFigure(vocabulary, data, CHART_THEMES[theme]),
    [vocabulary, data, theme],
  );
  const info = metricInfo(vocabulary, metric);
  return (
    <>
      <Summary data={data} />
      <p className="note">
        Speedup = how many times better the contender is on {info.label} ({info.better} is better),
        so above 1 is better whatever the metric. A result is regressed or improved only beyond the
        change detector's threshold and {noiseZ(vocabulary)} times its noise: the run-to-run noise
        Changes measures of the series before each run (insufficient until it has the runs it
        needs), with the tools' own error; runs of two machines or clocks are not comparable. The
        chart draws each result's speedup with that band: filled green improved, filled red
        regressed, open grey stable, insufficient or not comparable.
      </p>
      <PlotlyFigure
        data={figure.data}
        layout={figure.layout}
        label={`speedup of the contender over the baseline for ${data.rows.length} results`}
        testId="compare-plot"
      />
      <TableBox label="results compared">
        <table data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">result</th>
              <th scope="col" className="num">
                baseline
              </th>
              <th scope="col" className="num">
                contender
              </th>
              <th scope="col" className="num">
                speedup (&gt; 1 better)
              </th>
              <th scope="col" className="num">
                noise
              </th>
              <th scope="col">verdict</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row">{rowLabel(vocabulary, r)}</th>
                <td className="num">{format(r.baseline)}</td>
                <td className="num">{format(r.contender)}</td>
                <td className={`num ${typedClass(r.typed_verdict) ?? ""}`}>
                  {formatRatio(r.speedup)}
                </td>
                <td
                  className="num"
                  title={noiseBasis(r) || "no history of 3 runs and no error from the tools"}
                >
                  {noiseText(r.noise)}
                </td>
                <td className={typedClass(r.typed_verdict)} title={r.detail}>
                  {typedText(r)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

export function ComparePage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const baseline = params.get("baseline") ?? "";
  const contender = params.get("contender") ?? "";
  const m = params.get("metric") ?? "";
  const metric: Metric = isMetric(vocabulary, m) ? m : "ns_per_op";
  const a = useQuery({ ...runQuery(baseline), enabled: baseline !== "" });
  const b = useQuery({ ...runQuery(contender), enabled: contender !== "" });
  const cmp = useQuery({
    ...compareQuery(baseline, contender, metric),
    enabled: baseline !== "" && contender !== "",
  });
  if (!baseline || !contender)
    return (
      <Empty>
        Pick two runs on the <Link to="/runs">Runs</Link> page to compare them.
      </Empty>
    );
  const swap = () => setParams({ baseline: contender, contender: baseline, metric });
  return (
    <section className="compare">
      <h2>Compare runs</h2>
      <p>
        baseline{" "}
        <Link to={`/runs/${encodeURIComponent(baseline)}`}>{runLabel(a.data, baseline)}</Link> vs
        contender{" "}
        <Link to={`/runs/${encodeURIComponent(contender)}`}>{runLabel(b.data, contender)}</Link>{" "}
        <button type="button" onClick={swap}>
          swap
        </button>
      </p>
      <div className="controls">
        <MetricPicker
          value={metric}
          metrics={metrics(vocabulary)}
          onPick={(m) => setParams({ baseline, contender, metric: m })}
        />
      </div>
      {(a.isError || b.isError) && <ErrorMessage error={a.error ?? b.error} what="the runs" />}
      {cmp.isPending && <Loading what="the comparison" />}
      {cmp.isError && <ErrorMessage error={cmp.error} what="the comparison" />}
      {cmp.data &&
        (cmp.data.rows.length === 0 ? (
          <Empty>
            The two runs share no result with a figure of {metricInfo(vocabulary, metric).label}.
            Pick another metric.
          </Empty>
        ) : (
          <Ratios data={cmp.data} />
        ))}
      {cmp.data && <Differences fields={cmp.data.fields} />}
    </section>
  );
}
