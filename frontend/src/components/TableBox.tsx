/** A table's own scroll box: a table wider than the screen scrolls here, never the page. Named and
 * focusable, so that the keyboard can scroll it and a screen reader says what it holds. */
import type { ReactNode } from "react";

export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
