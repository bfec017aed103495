/** Above a chart: what its points pooled (with one-click splits), which include flagged figures, a preset's own caveat. */
import type { ReactNode } from "react";
import { useVocabulary } from "../api/vocabulary";
import { flaggedSentence, pooledSentence, type Caveats } from "../lib/caveats";
import { dimensionLabel, isDimension } from "../lib/dimensions";

/** One-click splits offered: the most pooled dimensions the API can split by (machine first; a
 * pooled clock is named but not offered: the runs' clock is not a chart dimension); the others
 * are in the series picker. */
const SPLITS = 4;

interface Props {
  caveats: Caveats;
  /** Split the chart by a pooled dimension (absent where the view cannot take another series). */
  onSplit?: (dim: string) => void;
  /** The series dimension a split replaces when the chart already has two. */
  replaces?: string;
  /** How the view marks a pooled point, for the sentence (a chart's default). */
  marks?: string;
  children?: ReactNode;
}

export function ChartCaveats({ caveats, onSplit, replaces, marks, children }: Props) {
  const vocabulary = useVocabulary();
  const pooled = pooledSentence(vocabulary, caveats, marks);
  const flagged = flaggedSentence(vocabulary, caveats);
  if (pooled === null && flagged === null && !children) return null;
  return (
    <div className="caveats" data-testid="chart-caveats" role="note">
      {pooled !== null && (
        <p data-testid="pooled-note">
          <span aria-hidden="true">◇ </span>
          {pooled}{" "}
          {onSplit &&
            caveats.pooledDims
              .filter(({ dim }) => isDimension(vocabulary, dim))
              .slice(0, SPLITS)
              .map(({ dim }) => (
                <button key={dim} type="button" onClick={() => onSplit(dim)}>
                  split by {dimensionLabel(vocabulary, dim)}
                  {replaces !== undefined
                    ? ` instead of ${dimensionLabel(vocabulary, replaces)}`
                    : ""}
                </button>
              ))}
        </p>
      )}
      {flagged !== null && (
        <p data-testid="flagged-note">
          <span aria-hidden="true">⚠ </span>
          {flagged}
        </p>
      )}
      {children}
    </div>
  );
}
