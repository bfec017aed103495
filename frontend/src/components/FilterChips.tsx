/** The active filters as chips ("Algorithm: AES-128-CBC ×"): one click removes that filter; "Clear all filters" removes them all. */
import type { Facet } from "../api/types";
import { useVocabulary } from "../api/vocabulary";
import { dimensionLabel } from "../lib/dimensions";
import { toggleFilter, type Filters } from "../lib/viewState";

interface Props {
  filters: Filters;
  /** The facets, for the values' own labels (a run is named by machine, tool, date and tags, not by its id). */
  facets: Facet[];
  onChange: (filters: Filters) => void;
}

export function FilterChips({ filters, facets, onChange }: Props) {
  const vocabulary = useVocabulary();
  const active = Object.entries(filters).flatMap(([dim, values]) =>
    values.map((value) => ({ dim, value })),
  );
  if (active.length === 0) return null;
  const valueLabel = (dim: string, value: string) =>
    facets.find((f) => f.name === dim)?.values.find((v) => v.value === value)?.label ?? value;
  return (
    <div className="chips">
      <ul aria-label="Active filters">
        {active.map(({ dim, value }) => {
          const text = `${dimensionLabel(vocabulary, dim)}: ${valueLabel(dim, value)}`;
          return (
            <li key={`${dim}=${value}`}>
              <button
                type="button"
                aria-label={`Remove filter ${text}`}
                onClick={() => onChange(toggleFilter(filters, dim, value))}
              >
                {text} <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => onChange({})}>
        Clear all filters
      </button>
    </div>
  );
}
