/** The Read API's types, taken from the OpenAPI document (schema.gen.ts, made by scripts/generate-client.sh). */
import type { components } from "./schema.gen";

type S = components["schemas"];

export type ChartPoint = S["ChartPoint"];
export type ChartSeries = S["ChartSeries"];
export type ChartResponse = S["Chart"];
export type FacetValue = S["FacetValue"];
export type Facet = S["Facet"];
export type FacetsResponse = S["Facets"];
export type MachineOut = S["MachineOut"];
export type MachineSummary = S["MachineSummary"];
export type RunListItem = S["RunListItem"];
export type Result = S["ResultOut"];
export type RunDetail = S["RunDetail"];
export type RunsPage = S["RunsPage"];
export type MachinesPage = S["MachinesPage"];
export type CompareRow = S["CompareRow"];
export type Difference = S["Difference"];
export type CompareResponse = S["Comparison"];
export type RunDocument = S["RunDocument"];
export type ParseWarning = S["ParseWarning"];
export type ImportResponse = S["ImportResponse"];
export type PreviewRow = S["PreviewRow"];
export type MatrixResponse = S["Matrix"];
export type RelativeResponse = S["Relative"];
export type SizeFitsResponse = S["SizeFits"];
export type TradeoffResponse = S["Tradeoff"];
export type History = S["History"];
export type HistorySeries = S["HistorySeries"];
export type HistoryPoint = S["HistoryPoint"];
export type Change = S["ChangeOut"];
export type ChangesResponse = S["Changes"];
export type Note = S["NoteOut"];
export type DrilldownResponse = S["Drilldown"];
export type PointResult = S["PointResult"];
