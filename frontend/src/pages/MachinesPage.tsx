/** Machines list with search. */
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { machinesQuery } from "../api/queries";
import { Empty, ErrorMessage, Loading } from "../components/States";
import { TableBox } from "../components/TableBox";
import { DEFAULT_STATE, explorerHref } from "../lib/viewState";

const COLUMNS = ["name", "board", "arch", "cpu_model", "cores", "os"] as const;

export function MachinesPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").toLowerCase();
  const machines = useQuery(machinesQuery());
  if (machines.isPending) return <Loading what="machines" />;
  if (machines.isError) return <ErrorMessage error={machines.error} what="machines" />;
  const items = machines.data.data.filter((m) =>
    COLUMNS.some((c) =>
      String(m[c] ?? "")
        .toLowerCase()
        .includes(q),
    ),
  );
  return (
    <section>
      <h2>Machines</h2>
      <label>
        search{" "}
        <input
          type="search"
          value={q}
          onChange={(e) =>
            setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })
          }
        />
      </label>
      {items.length === 0 ? (
        <Empty>No machines match.</Empty>
      ) : (
        <TableBox label="machines">
          <table>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c.replace("_", " ")}
                  </th>
                ))}
                <th scope="col">runs</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link to={explorerHref({ ...DEFAULT_STATE, filters: { machine: [m.name] } })}>
                      {m.name}
                    </Link>
                  </td>
                  {COLUMNS.slice(1).map((c) => (
                    <td key={c}>{m[c] ?? "—"}</td>
                  ))}
                  <td>
                    <Link to={`/runs?machine=${encodeURIComponent(m.name)}`}>
                      {m.run_count} runs
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}
