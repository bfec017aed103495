/** Constant time: every timing-leak screen (implementation × operation × machine) with its verdict
 * beside its speed, filterable, as CSV; a screen opens to its distributions and t against samples.
 * The filters, the verdict shown and the open screen are in the URL (a permalink). */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { leaksQuery } from "../api/queries";
import type { LeakScreen } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { CsvButtons } from "../components/CsvButtons";
import { LeakDetailPanel } from "../components/LeakDetailPanel";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import {
  implementationText,
  KIND_LABEL,
  type LeakKind,
  leaksCsv,
  operationText,
  parseScreenId,
  screenId,
  screenRows,
  speedText,
} from "../lib/leaks";
import { decodeFilters } from "../lib/viewState";

const KINDS: LeakKind[] = ["leak", "none", "inconclusive"];

function Row({ s, href }: { s: LeakScreen; href: string }) {
  const vocabulary = useVocabulary();
  return (
    <tr data-verdict={s.verdict.kind}>
      <td>{operationText(s)}</td>
      <td>{implementationText(s)}</td>
      <td data-label="machine">{s.machine}</td>
      <td className="num" data-label="speed">
        {speedText(vocabulary, s)}
      </td>
      <td>
        <strong className={s.verdict.kind === "leak" ? "worse" : undefined}>
          {KIND_LABEL[s.verdict.kind]}
        </strong>
        <br />
        <span className="note">{s.verdict.text}</span>
      </td>
      <td>
        <Link
          to={href}
          aria-label={`details of ${operationText(s)} ${implementationText(s)} on ${s.machine}`}
        >
          details
        </Link>
      </td>
    </tr>
  );
}

export function LeaksPage() {
  const vocabulary = useVocabulary();
  const [params, setParams] = useSearchParams();
  const filters = decodeFilters(vocabulary, params);
  const kind = KINDS.find((k) => k === params.get("verdict")) ?? null;
  const open = parseScreenId(params.get("screen"));
  const answer = useQuery(leaksQuery(filters));
  const hrefWith = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    return `/leaks?${next}`;
  };
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const all = answer.data?.screens ?? [];
  const shown = screenRows(all.filter((s) => kind === null || s.verdict.kind === kind));
  const counts = KINDS.map(
    (k) => `${all.filter((s) => s.verdict.kind === k).length} ${KIND_LABEL[k]}`,
  );
  return (
    <>
      <h2>Constant time</h2>
      <p className="note">
        Timing-leak screens: one operation measured on two classes of secret inputs (fixed vs
        random, valid vs invalid padding), compared with Welch's t (dudect's threshold 4.5) and a
        rank test; instruction counts under an emulator are compared exactly. A verdict is for that
        machine, that build and that operation, timing only. "None detected" says how small a
        difference would have been missed; it is never proof of constant time.
      </p>
      <div className="controls">
        <label>
          verdict
          <select
            aria-label="verdict"
            value={kind ?? ""}
            onChange={(e) => set("verdict", e.target.value)}
          >
            <option value="">all</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
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
        <label>
          library
          <input
            aria-label="library"
            defaultValue={filters.library?.[0] ?? ""}
            onBlur={(e) => set("f.library", e.target.value.trim())}
            placeholder="any"
          />
        </label>
      </div>
      {answer.isPending ? (
        <Loading what="the leak screens" />
      ) : answer.isError ? (
        <ErrorMessage error={answer.error} what="the leak screens" />
      ) : all.length === 0 ? (
        <Empty>
          No leak screen under these filters. Upload one with the collectors' leak-test mode, or
          import dudect's output.
        </Empty>
      ) : (
        <>
          <div className="toolbar">
            <p className="note" data-testid="leak-counts">
              {all.length} screens: {counts.join(", ")}
              {answer.data.truncated ? " (the first 1,000; filter to see the rest)" : ""}.
            </p>
            <CsvButtons name="constant-time" csv={(flavour) => leaksCsv(shown, flavour)} />
          </div>
          <TableBox label="leak screens">
            <table className="leak-screens" aria-label="leak screens">
              <thead>
                <tr>
                  {["operation", "implementation", "machine", "speed (median)", "verdict", ""].map(
                    (h) => (
                      <th key={h} scope="col" className={h.startsWith("speed") ? "num" : undefined}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <Row key={screenId(s)} s={s} href={hrefWith("screen", screenId(s))} />
                ))}
              </tbody>
            </table>
          </TableBox>
        </>
      )}
      {open && (
        <LeakDetailPanel
          runId={open.runId}
          position={open.position}
          closeHref={hrefWith("screen", null)}
        />
      )}
    </>
  );
}
