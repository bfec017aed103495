/** Results as the server states them: name, algorithm, operation, params, the reported figure (with the
 * tool's error where it gave one), every canonical metric and, when any row has one, the plausibility flags
 * (their reasons from GET /vocabulary on hover); the run page's and the import preview's table. */
import type { PreviewRow } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { paramsText } from "../lib/runs";
import { formatNumber, formatReported, metrics, metricTitle, type Metric } from "../lib/units";

type ResultRow = Pick<PreviewRow, "name" | "algorithm" | "params" | "value" | "unit" | Metric> & {
  operation: string | null;
  library?: string | null;
  library_version?: string | null;
  error?: number | null;
  error_kind?: string | null;
  flags?: string[];
};

export function ResultsTable({
  rows,
  label,
  library = false,
}: {
  rows: ResultRow[];
  label?: string;
  library?: boolean;
}) {
  const vocabulary = useVocabulary();
  const shown = metrics(vocabulary);
  const flagged = rows.some((r) => r.flags?.length);
  const columns = [
    "name",
    "algorithm",
    "operation",
    ...(library ? ["library"] : []),
    "params",
    "reported",
    ...(flagged ? ["flags"] : []),
  ];
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {columns.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
          {shown.map((m) => (
            <th key={m} scope="col" className="num">
              {metricTitle(vocabulary, m)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td>{r.name}</td>
            <td>{r.algorithm}</td>
            <td>{r.operation ?? "—"}</td>
            {library && <td>{[r.library, r.library_version].filter(Boolean).join(" ") || "—"}</td>}
            <td>{paramsText(r.params)}</td>
            <td>
              {formatReported(vocabulary, r.value, r.unit)}
              {r.error !== null && r.error !== undefined
                ? ` ± ${formatReported(vocabulary, r.error, r.unit)} (${r.error_kind ?? "?"})`
                : ""}
            </td>
            {flagged && (
              <td
                title={(r.flags ?? [])
                  .map((f) => `${f}: ${vocabulary.flags[f] ?? "flagged"}`)
                  .join("\n")}
              >
                {r.flags?.length
                  ? `⚠ ${r.flags.map((f) => f.replaceAll("_", " ")).join(", ")}`
                  : ""}
              </td>
            )}
            {shown.map((m) => (
              <td key={m} className="num">
                {formatNumber(r[m])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
