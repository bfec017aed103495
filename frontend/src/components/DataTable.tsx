/** The same numbers as the chart, as a table. */
import { useState } from "react";
import { useVocabulary } from "../api/vocabulary";
import { flagsText, pooledText } from "../lib/caveats";
import { valueText } from "../lib/dimensions";
import { digitsApart, formatNumber } from "../lib/units";
import type { TableRow } from "../lib/table";
import { TableBox } from "./TableBox";

/** The figure columns (value, n, min, max, error) after the x and series columns. */
const FIGURES = 5;

const PAGE = 100;

/** `onOpen`: a row's button shows what is behind its point (not for values that are not derivable). */
export function DataTable({
  header,
  rows,
  onOpen,
}: {
  header: string[];
  rows: TableRow[];
  onOpen: (row: TableRow) => void;
}) {
  const vocabulary = useVocabulary();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * PAGE, (current + 1) * PAGE);
  const digits = digitsApart(rows.map((r) => r.value));
  const numericFrom = 1 + (rows[0]?.series.length ?? 0);
  return (
    <>
      <TableBox label="chart values">
        <table data-testid="chart-table">
          <caption className="note">
            The plotted values ({rows.length} points
            {pages > 1 ? `; rows ${current * PAGE + 1}–${current * PAGE + shown.length}` : ""}).
          </caption>
          <thead>
            <tr>
              {header.map((h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={i >= numericFrom && i < numericFrom + FIGURES ? "num" : undefined}
                >
                  {h}
                </th>
              ))}
              <th scope="col">behind</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r, i) => (
              <tr key={i}>
                <td>{valueText(r.x)}</td>
                {r.series.map((s, j) => (
                  <td key={j}>{valueText(s)}</td>
                ))}
                <td className="num" data-value={r.value ?? ""}>
                  {r.value === null ? "not derivable" : formatNumber(r.value, digits)}
                </td>
                <td className="num">{r.n ?? "—"}</td>
                <td className="num">{formatNumber(r.min, digits)}</td>
                <td className="num">{formatNumber(r.max, digits)}</td>
                <td className="num">{formatNumber(r.error)}</td>
                <td>{r.errorKind ?? "—"}</td>
                <td>{pooledText(vocabulary, r.pooled) || "—"}</td>
                <td>{flagsText(r.flags) || "—"}</td>
                <td>
                  <button
                    type="button"
                    disabled={r.value === null}
                    onClick={() => onOpen(r)}
                    aria-label={`what is behind ${[r.x, ...r.series].map(valueText).join(" · ")}`}
                  >
                    results
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      {pages > 1 && (
        <div className="toolbar" role="group" aria-label="table pages">
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            previous rows
          </button>
          <span className="note">
            page {current + 1} of {pages}
          </span>
          <button
            type="button"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            next rows
          </button>
        </div>
      )}
    </>
  );
}
