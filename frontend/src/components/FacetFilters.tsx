/** Facet pickers: one group per dimension, checkboxes with counts; selected values always stay visible. */
import { useState } from "react";
import { Link } from "react-router";
import type { Facet } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { dimensionLabel } from "../lib/dimensions";
import { toggleFilter, type Filters } from "../lib/viewState";

const SHOWN = 12;

interface Props {
  facets: Facet[];
  /** How many param.* and tag.* dimensions the server left out. */
  leftOut: number;
  filters: Filters;
  onChange: (filters: Filters) => void;
}

function FacetGroup({
  facet,
  selected,
  onToggle,
}: {
  facet: Facet;
  selected: string[];
  onToggle: (v: string) => void;
}) {
  const vocabulary = useVocabulary();
  const [all, setAll] = useState(false);
  const listed = facet.values.flatMap((v) =>
    v.value === null ? [] : [{ value: v.value, count: v.count, label: v.label ?? v.value }],
  );
  const known = new Set(listed.map((v) => v.value));
  const values = [
    ...listed,
    ...selected.filter((v) => !known.has(v)).map((value) => ({ value, count: 0, label: value })),
  ];
  const shown = all ? values : values.slice(0, SHOWN);
  return (
    <fieldset>
      <legend>{dimensionLabel(vocabulary, facet.name)}</legend>
      {shown.map((v) => (
        <label key={v.value}>
          <input
            type="checkbox"
            checked={selected.includes(v.value)}
            onChange={() => onToggle(v.value)}
            data-dim={facet.name}
            value={v.value}
          />
          <span title={v.label === v.value ? undefined : v.value}>{v.label}</span>
          <span className="count">{v.count}</span>
        </label>
      ))}
      {values.length > SHOWN && (
        <button type="button" onClick={() => setAll(!all)}>
          {all ? "show fewer" : `show ${values.length - SHOWN} more`}
        </button>
      )}
      {facet.more &&
        (facet.name === "run" ? (
          <p className="note">
            Older runs are not listed: <Link to="/runs">find them on the Runs page</Link>
          </p>
        ) : (
          <p className="note">
            {facet.left_out} values with fewer results are not listed: filter to narrow them down
          </p>
        ))}
    </fieldset>
  );
}

export function FacetFilters({ facets, leftOut, filters, onChange }: Props) {
  const active = Object.keys(filters).length > 0;
  return (
    <aside className="filters" aria-label="Filters">
      {active && (
        <button type="button" onClick={() => onChange({})}>
          Clear all filters
        </button>
      )}
      {facets
        .filter((f) => f.values.some((v) => v.value !== null) || (filters[f.name]?.length ?? 0) > 0)
        .map((facet) => (
          <FacetGroup
            key={facet.name}
            facet={facet}
            selected={filters[facet.name] ?? []}
            onToggle={(value) => onChange(toggleFilter(filters, facet.name, value))}
          />
        ))}
      {leftOut > 0 && (
        <p className="note">
          {leftOut} more parameters and tags with fewer results are not listed: filter to narrow
          them down
        </p>
      )}
    </aside>
  );
}
