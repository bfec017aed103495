/** Changes: every detected step, newest first, filterable; each links to its history and to the two runs' comparison. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { changesQuery } from "../api/queries";
import type { Change } from "../api/types";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { dimensionLabel, isDimension } from "../lib/dimensions";
import { formatTime, historyHref, percentText, ratioText, whatChangedText } from "../lib/history";
import { paramsText } from "../lib/runs";
import { formatNumber, isMetric } from "../lib/units";
import type { Filters } from "../lib/viewState";

type Direction = "regression" | "improvement" | null;

function seriesText(c: Change): string {
  const s = c.series;
  return [s.algorithm, s.operation, paramsText(s.params), s.library ? `(${s.library})` : ""].filter(Boolean).join(" ");
}

/** The change's lineage as history filters: the line it happened on. */
export function lineageFilters(c: Change): Filters {
  const s = c.series;
  const filters: Filters = { machine: [s.machine], source: [s.source], algorithm: [s.algorithm] };
  if (s.operation) filters.operation = [s.operation];
  if (s.library) filters.library = [s.library];
  for (const [k, v] of Object.entries(s.params)) filters[`param.${k}`] = [String(v)];
  return filters;
}

function Row({ c }: { c: Change }) {
  const history = historyHref({ filters: lineageFilters(c), series: [], metric: isMetric(c.metric) ? c.metric : null, axis: "time" });
  const compare = `/compare?${new URLSearchParams({ baseline: c.baseline_run_id, contender: c.run_id, metric: c.metric })}`;
  return (
    <tr data-direction={c.direction}>
      <td>
        <Link to={`/runs/${c.run_id}`}>{formatTime(c.started_at)}</Link>
      </td>
      <td>{c.series.machine}</td>
      <td>{seriesText(c)}</td>
      <td className="num">
        {formatNumber(c.before)} → {formatNumber(c.after)} {c.unit}
      </td>
      <td className={c.direction === "regression" ? "worse num" : "better num"}>
        {ratioText(c.ratio)} {c.direction}
      </td>
      <td className="num">{percentText(c.confidence)}</td>
      <td>{whatChangedText(c.what_changed)}</td>
      <td>
        <Link to={history}>history</Link> · <Link to={compare}>compare</Link>
      </td>
    </tr>
  );
}

export function ChangesPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {};
  for (const [key, value] of params) if (key.startsWith("f.") && isDimension(key.slice(2))) (filters[key.slice(2)] ??= []).push(value);
  const raw = params.get("direction");
  const direction: Direction = raw === "regression" || raw === "improvement" ? raw : null;
  const since = params.get("since");
  const changes = useQuery(changesQuery({ filters, direction, since: since ? new Date(since).toISOString() : null }));
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const filterList = Object.entries(filters);
  return (
    <>
      <h2>Changes</h2>
      <p className="note">
        Steps of at least the server's threshold that are significant against the series' own run-to-run noise, newest first.
      </p>
      <div className="controls">
        <label>
          direction
          <select aria-label="direction" value={direction ?? ""} onChange={(e) => set("direction", e.target.value)}>
            <option value="">both</option>
            <option value="regression">regressions</option>
            <option value="improvement">improvements</option>
          </select>
        </label>
        <label>
          since
          <input type="date" aria-label="since" value={since ?? ""} onChange={(e) => set("since", e.target.value)} />
        </label>
        <label>
          machine
          <input
            aria-label="machine"
            defaultValue={filters.machine?.[0] ?? ""}
            onBlur={(e) => set("f.machine", e.target.value.trim())}
            placeholder="any"
          />
        </label>
      </div>
      {filterList.length > 0 && (
        <p className="note">
          Filtered by {filterList.map(([k, v]) => `${dimensionLabel(k)} = ${v.join(" or ")}`).join("; ")}.{" "}
          <Link to="/changes">Clear filters</Link>
        </p>
      )}
      {changes.isPending ? (
        <Loading what="the changes" />
      ) : changes.isError ? (
        <ErrorMessage error={changes.error} what="the changes" />
      ) : changes.data.changes.length === 0 ? (
        <Empty>No change detected{direction ? ` (${direction}s)` : ""} under these filters.</Empty>
      ) : (
        <table aria-label="changes">
          <thead>
            <tr>
              {["run", "machine", "series", "before → after", "ratio", "confidence", "what changed", ""].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {changes.data.changes.map((c) => (
              <Row key={c.id} c={c} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
