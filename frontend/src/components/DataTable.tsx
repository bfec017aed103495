/** The same numbers as the chart, as a table. */
import { valueText } from "../lib/dimensions";
import { formatNumber } from "../lib/units";
import type { TableRow } from "../lib/table";

export function DataTable({ header, rows }: { header: string[]; rows: TableRow[] }) {
  const numericFrom = header.length - 6;
  return (
    <table data-testid="chart-table">
      <caption className="note">The plotted values ({rows.length} points).</caption>
      <thead>
        <tr>
          {header.map((h, i) => (
            <th key={h} scope="col" className={i >= numericFrom && i < header.length - 1 ? "num" : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <td>{valueText(r.x)}</td>
            {r.series.map((s, j) => (
              <td key={j}>{valueText(s)}</td>
            ))}
            <td className="num" data-value={r.value ?? ""}>
              {r.value === null ? "not derivable" : formatNumber(r.value)}
            </td>
            <td className="num">{r.n ?? "—"}</td>
            <td className="num">{formatNumber(r.min)}</td>
            <td className="num">{formatNumber(r.max)}</td>
            <td className="num">{formatNumber(r.error)}</td>
            <td>{r.errorKind ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
