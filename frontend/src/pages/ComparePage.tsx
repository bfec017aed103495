/** Compare two runs: differing tags/machine fields first, then per-result ratio and the geometric mean. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { compareQuery, runQuery } from "../api/queries";
import type { CompareResponse, RunDetail } from "../api/types";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import { fieldText, paramsText } from "../lib/runs";
import { formatNumber, formatRatio, isMetric, metricInfo, metrics, metricTitle, type Metric } from "../lib/units";

function runLabel(run: RunDetail | undefined, id: string): string {
  if (!run) return id;
  const tags = Object.entries(run.tags).map(([k, v]) => `${k}=${v}`);
  return [run.machine.name, run.tool.name, ...tags].join(" · ");
}

function Differences({ fields }: { fields: CompareResponse["fields"] }) {
  return (
    <TableBox label="run differences">
      <table data-testid="run-differences">
        <caption className="note">Fields that differ come first.</caption>
        <thead>
          <tr>
            <th scope="col">field</th>
            <th scope="col">baseline</th>
            <th scope="col">contender</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((d) => (
            <tr key={d.field} className={d.differs ? "differs" : undefined}>
              <td>{d.field}</td>
              <td>{fieldText(d.baseline)}</td>
              <td>{fieldText(d.contender)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

function Ratios({ data, metric }: { data: CompareResponse; metric: Metric }) {
  const info = metricInfo(metric);
  if (data.rows.length === 0) return <Empty>The two runs share no result with a {metric} figure.</Empty>;
  const g = data.geomean_verdict;
  return (
    <>
      <p data-testid="geomean">
        Geometric mean of contender / baseline: <strong className={g ?? undefined}>{formatRatio(data.geomean_ratio)}</strong>{" "}
        ({info.better} is better for {info.unit}; {data.rows.length} shared results)
      </p>
      <TableBox label="results compared">
        <table data-testid="compare-table">
          <thead>
            <tr>
              {["algorithm", "operation", "params", `baseline (${data.unit})`, `contender (${data.unit})`, "ratio", ""].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r, i) => {
              const v = r.verdict;
              return (
                <tr key={i}>
                  <td>{r.algorithm}</td>
                  <td>{r.operation ?? "—"}</td>
                  <td>{paramsText(r.params)}</td>
                  <td className="num">{formatNumber(r.baseline)}</td>
                  <td className="num">{formatNumber(r.contender)}</td>
                  <td className={`num ${v ?? ""}`}>{formatRatio(r.ratio)}</td>
                  <td className={v ?? undefined}>{v ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}

export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const baseline = params.get("baseline") ?? "";
  const contender = params.get("contender") ?? "";
  const m = params.get("metric") ?? "";
  const metric: Metric = isMetric(m) ? m : "ns_per_op";
  const a = useQuery({ ...runQuery(baseline), enabled: baseline !== "" });
  const b = useQuery({ ...runQuery(contender), enabled: contender !== "" });
  const cmp = useQuery({ ...compareQuery(baseline, contender, metric), enabled: baseline !== "" && contender !== "" });
  if (!baseline || !contender) return <Empty>Pick two runs on the <Link to="/runs">Runs</Link> page to compare them.</Empty>;
  const swap = () => setParams({ baseline: contender, contender: baseline, metric });
  return (
    <section>
      <h2>Compare runs</h2>
      <p>
        baseline <Link to={`/runs/${encodeURIComponent(baseline)}`}>{runLabel(a.data, baseline)}</Link> vs contender{" "}
        <Link to={`/runs/${encodeURIComponent(contender)}`}>{runLabel(b.data, contender)}</Link>{" "}
        <button type="button" onClick={swap}>
          swap
        </button>
      </p>
      <label>
        metric{" "}
        <select value={metric} onChange={(e) => setParams({ baseline, contender, metric: e.target.value })}>
          {metrics().map((x) => (
            <option key={x} value={x}>
              {metricTitle(x)}
            </option>
          ))}
        </select>
      </label>
      {(a.isError || b.isError) && <ErrorMessage error={a.error ?? b.error} what="the runs" />}
      {cmp.isPending && <Loading what="the comparison" />}
      {cmp.isError && <ErrorMessage error={cmp.error} what="the comparison" />}
      {cmp.data && <Differences fields={cmp.data.fields} />}
      {cmp.data && <Ratios data={cmp.data} metric={metric} />}
    </section>
  );
}
