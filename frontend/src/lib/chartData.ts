/**
 * The chart as the figure builders take it: the Read API's Chart (api/types ChartResponse) is
 * assignable to it; values may also be null here (a figure that is not derivable stays absent).
 */
export type DimValue = string | number | boolean | null;

export interface ChartPoint {
  x: DimValue;
  value: number | null;
  min?: number | null;
  max?: number | null;
  n?: number | null;
  error?: number | null;
  error_kind?: string | null;
}

export interface ChartSeries {
  key: Record<string, DimValue>;
  points: ChartPoint[];
}

export interface ChartData {
  metric: string;
  unit: string;
  x: string;
  series: ChartSeries[];
}
