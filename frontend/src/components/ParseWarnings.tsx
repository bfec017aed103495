/** The lines of a tool's output that looked like figures but were not understood (or were skipped). */
import type { ParseWarning } from "../api/types";
import { TableBox } from "./TableBox";

export function ParseWarnings({ warnings }: { warnings: ParseWarning[] }) {
  if (!warnings.length)
    return <p className="note">Every figure-like line of the output was understood.</p>;
  return (
    <TableBox label="parse warnings">
      <table aria-label="parse warnings">
        <thead>
          <tr>
            <th scope="col" className="num">
              line
            </th>
            <th scope="col">text</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          {warnings.map((w, i) => (
            <tr key={i}>
              <td className="num" title={w.file ?? undefined}>
                {w.line ?? "—"}
              </td>
              <td>
                <code>{w.text}</code>
              </td>
              <td>{w.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
