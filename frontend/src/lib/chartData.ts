/**
 * The chart as the figure builders take it: the Read API's Chart (api/types ChartResponse) is
 * assignable to it; values may also be null here (a figure that is not derivable stays absent).
 */
export type DimValue = string | number | boolean | null;

/** What an aggregated point pooled: identity dimensions with more than one value among its results, and their count. */
export type Pooled = Record<string, number>;

export interface ChartPoint {
  x: DimValue;
  value: number | null;
  min?: number | null;
  max?: number | null;
  n?: number | null;
  error?: number | null;
  error_kind?: string | null;
  pooled?: Pooled;
  /** How many of its results carry a plausibility flag, and how many per flag. */
  flagged?: number;
  flags?: Record<string, number>;
}

export interface ChartSeries {
  key: Record<string, DimValue>;
  points: ChartPoint[];
}

export interface ChartData {
  metric: string;
  /** The unit the values are in, and how many canonical units make one of it (1 when canonical). */
  unit: string;
  scale?: number;
  x: string;
  /** Identity dimensions the server split because they varied within a point: each series' key names them after the requested ones. */
  split?: string[];
  series: ChartSeries[];
}
