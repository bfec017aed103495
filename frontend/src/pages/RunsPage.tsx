/** Runs list: search, source filter, pick two to compare. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatTime } from "../lib/history";
import { Link, useSearchParams } from "react-router";
import { runsQuery } from "../api/queries";
import { useVocabulary } from "../api/vocabulary";
import type { RunListItem } from "../api/types";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import { tagsText } from "../lib/runs";

export function RunsPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const source = params.get("source") ?? "";
  const machine = params.get("machine") ?? "";
  const cursor = params.get("cursor");
  const filters = {
    ...(source ? { source: [source] } : {}),
    ...(machine ? { machine: [machine] } : {}),
  };
  const runs = useQuery({ ...runsQuery(filters, q, cursor), placeholderData: keepPreviousData });
  const [picked, setPicked] = useState<string[]>([]);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("cursor");
    setParams(next, { replace: key === "q" });
  };
  const toggle = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));
  return (
    <section>
      <h2>Runs</h2>
      <div className="controls">
        <label>
          search
          <input
            type="search"
            value={q}
            onChange={(e) => set("q", e.target.value)}
            placeholder="machine, tool, tag…"
          />
        </label>
        <label>
          source
          <select value={source} onChange={(e) => set("source", e.target.value)}>
            <option value="">all</option>
            {vocabulary.sources.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        {machine && (
          <button type="button" onClick={() => set("machine", "")}>
            machine: {machine} ✕
          </button>
        )}
        {picked.length === 2 ? (
          <Link
            to={`/compare?baseline=${encodeURIComponent(picked[0] ?? "")}&contender=${encodeURIComponent(picked[1] ?? "")}`}
          >
            Compare the two picked runs
          </Link>
        ) : (
          <span className="note">Pick two runs to compare them.</span>
        )}
      </div>
      {runs.isPending && <Loading what="runs" />}
      {runs.isError && <ErrorMessage error={runs.error} what="runs" />}
      {runs.data && <RunsTable items={runs.data.data} picked={picked} onToggle={toggle} />}
      {runs.data?.next_cursor && (
        <button type="button" onClick={() => set("cursor", runs.data.next_cursor ?? "")}>
          Next page
        </button>
      )}
    </section>
  );
}

function RunsTable({
  items,
  picked,
  onToggle,
}: {
  items: RunListItem[];
  picked: string[];
  onToggle: (id: string) => void;
}) {
  if (items.length === 0) return <Empty>No runs match.</Empty>;
  return (
    <TableBox label="runs">
      <table>
        <thead>
          <tr>
            <th scope="col">compare</th>
            <th scope="col">started</th>
            <th scope="col">source</th>
            <th scope="col">machine</th>
            <th scope="col">tool</th>
            <th scope="col">tags</th>
            <th scope="col" className="num">
              results
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.run_id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`pick run ${r.label} for comparison`}
                  checked={picked.includes(r.run_id)}
                  onChange={() => onToggle(r.run_id)}
                />
              </td>
              <td>
                <Link to={`/runs/${encodeURIComponent(r.run_id)}`}>{formatTime(r.started_at)}</Link>
              </td>
              <td>{r.source}</td>
              <td>{r.machine.name}</td>
              <td>
                {r.tool.name} {r.tool.version ?? ""}
              </td>
              <td>{tagsText(r.tags)}</td>
              <td className="num">{r.result_count ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
