/** Loading, empty and error states, shared by every page. */
import type { ReactNode } from "react";

export function Loading({ what }: { what: string }) {
  return (
    <p className="state loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="state empty" role="status">
      {children}
    </p>
  );
}

export function ErrorMessage({ error, what }: { error: unknown; what: string }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="state error" role="alert">
      <strong>Could not load {what}.</strong> {message}
    </div>
  );
}
