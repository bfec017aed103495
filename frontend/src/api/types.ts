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
  value: string | null;
  count: number;
}

export interface Facet {
  name: string;
  values: FacetValue[];
}

export interface FacetsResponse {
  dimensions: Facet[];
  metrics?: FacetValue[];
}

export interface MachineRef {
  id: number;
  name: string;
}

export interface MachineOut extends MachineRef {
  arch: string | null;
  cpu_model: string | null;
  cores: number | null;
  os: string | null;
  board: string | null;
  extra: Record<string, unknown>;
  first_seen: string;
  last_seen: string;
}

export interface MachineSummary extends MachineOut {
  run_count: number;
}

export interface Tool {
  name: string;
  version: string | null;
  build?: string | null;
  options?: string | null;
}

export interface RunListItem {
  run_id: string;
  source: string;
  started_at: string;
  finished_at: string | null;
  machine: MachineRef;
  clock_hz: number | null;
  tool: Tool;
  tags: Record<string, string>;
  result_count: number;
}

export interface Result {
  name: string;
  family: string | null;
  algorithm: string;
  operation: string | null;
  library: string | null;
  library_version: string | null;
  params: Record<string, DimValue>;
  metric: string;
  value: number;
  unit: string;
  error: number | null;
  error_kind: string | null;
  samples: number | null;
  ns_per_op: number | null;
  ops_per_s: number | null;
  cycles_per_op: number | null;
  bytes_per_s: number | null;
  cycles_per_byte: number | null;
  derived: string[];
  flags: string[];
}

export interface RunDetail extends RunListItem {
  machine: MachineOut;
  clock_source: string | null;
  machine_extra: Record<string, unknown>;
  results: Result[];
  artifact: { media_type: string; content: string } | null;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export type RunsPage = Page<RunListItem>;
export type MachinesPage = Page<MachineSummary>;

export interface CompareRow {
  algorithm: string;
  operation: string | null;
  params: Record<string, DimValue>;
  baseline: number;
  contender: number;
  ratio: number | null;
  verdict: "better" | "worse" | "same" | null;
}

export interface Difference {
  field: string;
  baseline: unknown;
  contender: unknown;
}

export interface CompareResponse {
  metric: string;
  unit: string;
  less_is_better: boolean;
  rows: CompareRow[];
  geomean_ratio: number | null;
  differences: Difference[];
}
