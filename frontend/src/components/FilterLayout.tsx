/**
 * A page filtered by the facets (Explorer, Matrix, Size vs speed): the filters beside the page's
 * content, the active filters as chips above it. On a wide screen the filters are a sidebar that
 * stays in view while the page scrolls (sticky, its own scroll only when taller than the window), so
 * the chart stays visible while any filter is picked. At 900 px and below (styles.css) they are a
 * drawer over the page, closed at first and opened by the "Filters" button above the content;
 * Escape, "Done" or a click beside it closes it and focus goes back to that button; focus leaving
 * it closes it too.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { facetsQuery } from "../api/queries";
import type { Filters } from "../lib/viewState";
import { FacetFilters } from "./FacetFilters";
import { FilterChips } from "./FilterChips";
import { ErrorMessage, Loading } from "./States";

const DRAWER_ID = "filters";

export function FilterLayout({
  filters,
  onChange,
  children,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  children: ReactNode;
}) {
  // The previous counts stay while new ones load: the panel, and the checkbox just used with its focus, stay on the page.
  const facets = useQuery({ ...facetsQuery(filters), placeholderData: keepPreviousData });
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) done.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const count = Object.values(filters).flat().length;
  return (
    <div className="explorer">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving the drawer, from any control inside it, close it */}
      <div
        id={DRAWER_ID}
        className={open ? "drawer open" : "drawer"}
        onKeyDown={(e) => {
          if (open && e.key === "Escape") close();
        }}
        onBlur={(e) => {
          if (open && e.relatedTarget !== null && !e.currentTarget.contains(e.relatedTarget))
            setOpen(false);
        }}
      >
        <div className="drawer-head">
          <span>Filters</span>
          <button ref={done} type="button" onClick={close}>
            Done
          </button>
        </div>
        {facets.isError ? (
          <ErrorMessage error={facets.error} what="the filters" />
        ) : facets.isPending ? (
          <Loading what="filters" />
        ) : (
          <FacetFilters
            facets={facets.data.dimensions}
            leftOut={facets.data.left_out}
            filters={filters}
            onChange={onChange}
          />
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click beside the open drawer closes it; the keyboard has Escape and Done */}
      {open && <div className="drawer-backdrop" onClick={close} />}
      <div>
        <div className="filter-bar">
          <button
            ref={toggle}
            type="button"
            className="drawer-toggle"
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            onClick={() => setOpen(!open)}
          >
            Filters{count > 0 ? ` (${count})` : ""}
          </button>
          <FilterChips
            filters={filters}
            facets={facets.data?.dimensions ?? []}
            onChange={onChange}
          />
        </div>
        {children}
      </div>
    </div>
  );
}
