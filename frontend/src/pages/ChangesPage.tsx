/** Changes: detected steps grouped into events (one per run and cause), newest first, filterable; each event
 * summarises the series it moved, shows what changed by line and its evidence, and opens to its changes. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { changeEventsQuery } from "../api/queries";
import type { Change, ChangeEvent, FactChange } from "../api/types";
import { useVocabulary, type Vocabulary } from "../api/vocabulary";
import { ChangeAcknowledge } from "../components/ChangeAcknowledge";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { dimensionLabel, paramDimension } from "../lib/dimensions";
import {
  compareHref,
  eventCounts,
  eventDirection,
  eventEvidenceText,
  evidenceText,
  levelsText,
  sideText,
  variantText,
} from "../lib/changes";
import { formatTime, historyHref, ratioText } from "../lib/history";
import { isMetric } from "../lib/units";
import { decodeFilters, type Filters } from "../lib/viewState";

type Direction = "regression" | "improvement" | null;

/** The change's lineage as history filters: the line it happened on, of its variant. */
export function lineageFilters(vocabulary: Vocabulary, c: Change): Filters {
  const s = c.series;
  const filters: Filters = { machine: [s.machine], source: [s.source], algorithm: [s.algorithm] };
  if (s.operation) filters.operation = [s.operation];
  if (s.library) filters.library = [s.library];
  for (const [k, v] of Object.entries(s.params))
    filters[paramDimension(vocabulary, k)] = [String(v)];
  for (const [k, v] of Object.entries(s.variant)) filters[`tag.${k}`] = [v];
  return filters;
}

/** The run fields that differ, by the lines that differ (the server's diff). */
function WhatChanged({ facts }: { facts: FactChange[] }) {
  if (facts.length === 0)
    return (
      <p className="note">
        Nothing recorded about the runs changed (same tool, build, library version, clock and tags).
      </p>
    );
  return (
    <dl className="what-changed" aria-label="what changed">
      {facts.map((f) => (
        <div key={f.fact}>
          <dt>{f.fact}</dt>
          <dd>
            {f.hunks.map((h, i) => (
              <div className="diff" key={i}>
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: e2e/changes.spec.mjs finds the two sides by these labels */}
                <del aria-label="before">− {sideText(h.before)}</del>
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: as above */}
                <ins aria-label="after">+ {sideText(h.after)}</ins>
              </div>
            ))}
            {f.unchanged > 0 && (
              <span className="note">
                {f.unchanged} unchanged line{f.unchanged === 1 ? "" : "s"} not shown
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ChangeRow({ c }: { c: Change }) {
  const vocabulary = useVocabulary();
  const history = historyHref({
    filters: lineageFilters(vocabulary, c),
    series: [],
    metric: isMetric(vocabulary, c.metric) ? c.metric : null,
    axis: "time",
  });
  return (
    <tr data-direction={c.direction}>
      <td>{c.label}</td>
      <td className="num">{levelsText(vocabulary, c)}</td>
      <td className={c.direction === "regression" ? "worse" : "better"}>
        {c.verdict}
        {c.acknowledgements.length > 0 && ` (${c.acknowledgements.at(-1)?.kind})`}
      </td>
      <td className={c.direction === "regression" ? "worse num" : "better num"}>
        {ratioText(c.ratio)}
      </td>
      <td>{evidenceText(c.evidence)}</td>
      <td>
        <Link to={history}>history</Link> · <Link to={compareHref(c)}>compare</Link>
      </td>
    </tr>
  );
}

function Event({ event }: { event: ChangeEvent }) {
  const direction = eventDirection(event);
  return (
    <article
      className="event"
      data-direction={direction}
      aria-label={`${eventCounts(event)} at ${event.machine}`}
    >
      <p className="event-head">
        <strong
          className={
            direction === "regression"
              ? "worse"
              : direction === "improvement"
                ? "better"
                : undefined
          }
        >
          {eventCounts(event)}
        </strong>{" "}
        on {event.machine}
        {variantText(event.variant)} at{" "}
        <Link to={`/runs/${event.run_id}`}>{formatTime(event.started_at)}</Link>
      </p>
      <p className="event-summary">{event.summary}</p>
      <p className="note">Evidence: {eventEvidenceText(event.evidence)}.</p>
      <WhatChanged facts={event.what_changed} />
      <ChangeAcknowledge event={event} />
      <details>
        <summary>
          The {event.changes.length} change{event.changes.length === 1 ? "" : "s"}, series by series
        </summary>
        <div className="table-scroll">
          <table className="event-changes" aria-label="changes of this event">
            <thead>
              <tr>
                {["series", "before → after", "verdict", "ratio", "evidence", ""].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {event.changes.map((c) => (
                <ChangeRow key={c.id} c={c} />
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </article>
  );
}

export function ChangesPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const filters = decodeFilters(vocabulary, params);
  const raw = params.get("direction");
  const direction: Direction = raw === "regression" || raw === "improvement" ? raw : null;
  const since = params.get("since");
  const events = useQuery(
    changeEventsQuery({ filters, direction, since: since ? new Date(since).toISOString() : null }),
  );
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
        Steps of at least the server's threshold (5% by default) that stand out from the series' own
        run-to-run noise, newest run first. The changes of one run with one cause (the same run
        fields changed) are one event. Evidence is z, the step over its standard error, with the
        noise it was measured against; "few points" means the noise comes from a handful of runs, so
        z is a rough guide.
      </p>
      <div className="controls">
        <label>
          direction
          <select
            aria-label="direction"
            value={direction ?? ""}
            onChange={(e) => set("direction", e.target.value)}
          >
            <option value="">both</option>
            <option value="regression">regressions</option>
            <option value="improvement">improvements</option>
          </select>
        </label>
        <label>
          since
          <input
            type="date"
            aria-label="since"
            value={since ?? ""}
            onChange={(e) => set("since", e.target.value)}
          />
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
          Filtered by{" "}
          {filterList
            .map(([k, v]) => `${dimensionLabel(vocabulary, k)} = ${v.join(" or ")}`)
            .join("; ")}
          . <Link to="/changes">Clear filters</Link>
        </p>
      )}
      {events.isPending ? (
        <Loading what="the changes" />
      ) : events.isError ? (
        <ErrorMessage error={events.error} what="the changes" />
      ) : events.data.events.length === 0 ? (
        <Empty>No change detected{direction ? ` (${direction}s)` : ""} under these filters.</Empty>
      ) : (
        <section aria-label="change events">
          {events.data.events.map((e) => (
            <Event key={`${e.run_id} ${e.changes[0]?.id ?? ""}`} event={e} />
          ))}
          {events.data.next_cursor && (
            <p className="note">
              Showing the newest 50 runs with changes; filter by machine or direction to reach older
              ones.
            </p>
          )}
        </section>
      )}
    </>
  );
}
