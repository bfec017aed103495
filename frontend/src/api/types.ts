/** Shapes of the Read API (shared/DESIGN.md "Read API") as the UI uses them. */
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

export interface ChartResponse {
  metric: string;
  unit: string;
  x: string;
  series: ChartSeries[];
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface Facet {
  dimension: string;
  values: FacetValue[];
}

export interface FacetsResponse {
  dimensions: Facet[];
  metrics?: FacetValue[];
}

export interface Machine {
  name: string;
  arch?: string | null;
  cpu_model?: string | null;
  cores?: number | null;
  clock_hz?: number | null;
  os?: string | null;
  board?: string | null;
  extra?: Record<string, unknown>;
}

export interface MachineRow extends Machine {
  id?: string | number;
  runs?: number;
}

export interface RunSummary {
  run_id: string;
  source: string;
  started_at: string;
  finished_at?: string | null;
  machine: Machine;
  tool: { name: string; version?: string | null; build?: string | null; options?: string | null };
  tags: Record<string, string>;
  result_count?: number;
}

export interface Result {
  name: string;
  family?: string | null;
  algorithm: string;
  operation?: string | null;
  library?: string | null;
  library_version?: string | null;
  params: Record<string, DimValue>;
  metric: string;
  value: number;
  unit: string;
  error?: number | null;
  error_kind?: string | null;
  samples?: number | null;
  ns_per_op?: number | null;
  ops_per_s?: number | null;
  cycles_per_op?: number | null;
  bytes_per_s?: number | null;
  cycles_per_byte?: number | null;
}

export interface RunDetail extends RunSummary {
  results: Result[];
  artifact?: { media_type: string; content: string } | null;
}

export interface RunsPage {
  items: RunSummary[];
  next_cursor?: string | null;
}

export interface MachinesPage {
  items: MachineRow[];
  next_cursor?: string | null;
}

export interface CompareRow {
  algorithm: string;
  operation?: string | null;
  params: Record<string, DimValue>;
  name?: string;
  baseline: number | null;
  contender: number | null;
  ratio: number | null;
}

export interface CompareResponse {
  metric: string;
  unit: string;
  rows: CompareRow[];
  geomean: number | null;
}
