/** One run: titled by machine, tool and date; the changes detected at it, machine, tool, tags, its results and the raw artifact. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ApiError } from "../api/client";
import { changesQuery, runQuery } from "../api/queries";
import type { RunDetail } from "../api/types";
import { ParseWarnings } from "../components/ParseWarnings";
import { ResultsTable } from "../components/ResultsTable";
import { DeleteRun, RunNotes } from "../components/RunAdmin";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import { changeText, formatTime, historyHref } from "../lib/history";
import { paramsText, runTitle, tagsText } from "../lib/runs";
import { DEFAULT_STATE, explorerHref } from "../lib/viewState";

function KeyValues({ entries }: { entries: Array<[string, unknown]> }) {
  return (
    <dl className="kv">
      {entries.map(([k, v]) => (
        <div key={k} style={{ display: "contents" }}>
          <dt>{k}</dt>
          <dd>
            {v === null || v === undefined
              ? "—"
              : typeof v === "object"
                ? JSON.stringify(v)
                : String(v)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The changes detected at this run (GET /changes?run=), each against the run before it on its series. */
function RunChanges({ runId }: { runId: string }) {
  const changes = useQuery(
    changesQuery({ filters: { run: [runId] }, direction: null, since: null }),
  );
  if (changes.isPending) return <Loading what="the changes at this run" />;
  if (changes.isError) return <ErrorMessage error={changes.error} what="the changes at this run" />;
  const found = changes.data.changes;
  if (found.length === 0)
    return (
      <Empty>
        No change was detected at this run: its series moved within their noise, or it is their
        first run.
      </Empty>
    );
  return (
    <ul className="run-changes" aria-label="changes at this run">
      {found.map((c) => (
        <li key={c.id} data-direction={c.direction}>
          <strong className={c.direction === "regression" ? "worse" : "better"}>
            {[
              c.series.algorithm,
              c.series.operation,
              paramsText(c.series.params),
              c.series.library ?? "",
            ]
              .filter(Boolean)
              .join(" ")}
          </strong>
          : {changeText(c)} (
          <Link
            to={`/compare?${new URLSearchParams({ baseline: c.baseline_run_id, contender: c.run_id, metric: c.metric })}`}
          >
            compare with the run before
          </Link>
          )
        </li>
      ))}
    </ul>
  );
}

function Run({ run }: { run: RunDetail }) {
  const explore = explorerHref({ ...DEFAULT_STATE, filters: { run: [run.run_id] } });
  return (
    <section className="run">
      <h2>{runTitle(run, formatTime(run.started_at))}</h2>
      <p className="note">
        {run.source} run {run.run_id}
        {Object.keys(run.tags).length ? ` · tags ${tagsText(run.tags)}` : ""}
      </p>
      <p>
        Started {formatTime(run.started_at)}
        {run.finished_at ? `, finished ${formatTime(run.finished_at)}` : ""} on {run.machine.name}.{" "}
        <Link to={explore}>Chart this run in the Explorer</Link> ·{" "}
        <Link
          to={historyHref({
            filters: { machine: [run.machine.name], source: [run.source] },
            series: ["algorithm", "operation"],
            metric: null,
            axis: "time",
          })}
        >
          History of this machine's {run.source} series
        </Link>
      </p>
      <h3>Changes detected at this run</h3>
      <RunChanges runId={run.run_id} />
      <h3>Machine</h3>
      <KeyValues
        entries={[
          ...Object.entries(run.machine).flatMap(
            ([k, v]): Array<[string, unknown]> =>
              k === "id"
                ? []
                : [
                    [
                      k,
                      (k === "first_seen" || k === "last_seen") && typeof v === "string"
                        ? formatTime(v)
                        : v,
                    ],
                  ],
          ),
          ["clock_hz (this run)", run.clock_hz],
          ["clock_source", run.clock_source],
          ...Object.entries(run.machine_extra).map(([k, v]): [string, unknown] => [
            `extra.${k}`,
            v,
          ]),
        ]}
      />
      <h3>Tool</h3>
      <KeyValues entries={Object.entries(run.tool)} />
      <h3>Tags</h3>
      {Object.keys(run.tags).length ? (
        <KeyValues entries={Object.entries(run.tags)} />
      ) : (
        <p className="note">No tags.</p>
      )}
      <h3>Results ({run.results.length})</h3>
      <TableBox label="results">
        <ResultsTable rows={run.results} library />
      </TableBox>
      <h3>Parse warnings ({run.warnings?.length ?? 0})</h3>
      <ParseWarnings warnings={run.warnings ?? []} />
      <h3>Notes ({run.notes?.length ?? 0})</h3>
      <RunNotes run={run} />
      <h3>Raw artifact</h3>
      {run.artifact ? (
        <pre
          className="artifact"
          role="region"
          aria-label={`artifact (${run.artifact.media_type})`}
          tabIndex={0}
        >
          {run.artifact.content}
        </pre>
      ) : (
        <p className="note">No artifact was uploaded with this run.</p>
      )}
      <h3>Delete</h3>
      <DeleteRun run={run} />
    </section>
  );
}

/** An unknown id (404) and one that is no run id at all (422) read alike: there is no such run. */
function NoSuchRun({ runId }: { runId: string }) {
  return (
    <section>
      <h2>No such run</h2>
      <p>
        There is no run with the id <code>{runId}</code>: it may have been deleted, or the link was
        cut short.
      </p>
      <p>
        <Link to="/runs">Find the run on the Runs page</Link> (search by machine, tool or tag).
      </p>
    </section>
  );
}

export function RunDetailPage() {
  const { runId = "" } = useParams();
  const run = useQuery(runQuery(runId));
  if (run.isPending) return <Loading what="the run" />;
  if (run.error instanceof ApiError && (run.error.status === 404 || run.error.status === 422))
    return <NoSuchRun runId={runId} />;
  if (run.isError) return <ErrorMessage error={run.error} what={`run ${runId}`} />;
  return <Run run={run.data} />;
}
