/** The Explorer's and the Matrix's mark of a detected timing leak: when leak screens under the
 * page's filters found one, a line saying how many, linking to those screens on the Constant time
 * page (nothing while loading, on error, or when none leaked). */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { leaksQuery } from "../api/queries";
import { filtersUrl, type Filters } from "../lib/viewState";

export function LeakNote({ filters }: { filters: Filters }) {
  const answer = useQuery(leaksQuery(filters));
  const leaks = answer.data?.screens.filter((s) => s.verdict.kind === "leak") ?? [];
  if (leaks.length === 0) return null;
  const params = filtersUrl(filters);
  params.set("verdict", "leak");
  const machines = new Set(leaks.map((s) => s.machine)).size;
  return (
    <p className="note" data-testid="leak-note">
      <strong className="worse">Timing leak detected</strong> in {leaks.length} leak screen
      {leaks.length === 1 ? "" : "s"} under these filters (on {machines} machine
      {machines === 1 ? "" : "s"}; timing only):{" "}
      <Link to={`/leaks?${params}`}>see Constant time</Link>.
    </p>
  );
}
