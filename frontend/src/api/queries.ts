/** Query-option factories: every input is in the key; react-query is the only server-state store. */
import { queryOptions } from "@tanstack/react-query";
import {
  filterParams,
  type Aggregation,
  type Filters,
  type PointRef,
  type Relative,
} from "../lib/viewState";
import type { Metric } from "../lib/units";
import { getJson } from "./client";
import type {
  ChangeEventsResponse,
  ChangesResponse,
  ChartResponse,
  CompareResponse,
  DrilldownResponse,
  FacetsResponse,
  History,
  LeakDetail,
  LeakScreens,
  MachinesPage,
  MatrixResponse,
  RelativeResponse,
  RunDetail,
  RunsPage,
  SizeFitsResponse,
  TradeoffResponse,
} from "./types";

export interface ChartRequest {
  filters: Filters;
  x: string;
  series: string[];
  metric: Metric;
  agg: Aggregation;
}

/** What a chart is asked for: its filters, metric, x, series and aggregation (/chart, /relative, /fit). */
function chartParams(req: ChartRequest, metric: string = req.metric): URLSearchParams {
  const params = filterParams(req.filters);
  params.set("metric", metric);
  params.set("x", req.x);
  for (const dim of req.series) params.append("series", dim);
  params.set("agg", req.agg);
  return params;
}

export const facetsQuery = (filters: Filters) =>
  queryOptions({
    queryKey: ["facets", filters],
    queryFn: () => getJson<FacetsResponse>("/facets", filterParams(filters)),
  });

export const chartQuery = (req: ChartRequest) =>
  queryOptions({
    queryKey: ["chart", req],
    queryFn: () => getJson<ChartResponse>("/chart", chartParams(req)),
  });

/** What is behind one point of the chart `req` draws (absent values are sent empty). */
export const drilldownQuery = (req: ChartRequest, point: PointRef) =>
  queryOptions({
    queryKey: ["drilldown", req.filters, req.x, req.series, req.metric, point],
    queryFn: () => {
      const params = filterParams(req.filters);
      params.set("metric", req.metric);
      params.set("x", req.x);
      params.set("x_value", point.x ?? "");
      for (const dim of req.series) params.append("series", dim);
      for (const value of point.key) params.append("series_value", value ?? "");
      return getJson<DrilldownResponse>("/drilldown", params);
    },
  });

export const runsQuery = (filters: Filters, q: string, cursor: string | null) =>
  queryOptions({
    queryKey: ["runs", filters, q, cursor],
    queryFn: () => {
      const params = filterParams(filters);
      params.set("limit", "50");
      if (q.trim()) params.set("q", q.trim());
      if (cursor) params.set("cursor", cursor);
      return getJson<RunsPage>("/runs", params);
    },
  });

export const runQuery = (runId: string) =>
  queryOptions({
    queryKey: ["run", runId],
    queryFn: () => getJson<RunDetail>(`/runs/${encodeURIComponent(runId)}`),
  });

export const machinesQuery = () =>
  queryOptions({
    queryKey: ["machines"],
    queryFn: () => getJson<MachinesPage>("/machines", new URLSearchParams({ limit: "200" })),
  });

export const compareQuery = (baseline: string, contender: string, metric: Metric) =>
  queryOptions({
    queryKey: ["compare", baseline, contender, metric],
    queryFn: () =>
      getJson<CompareResponse>("/compare", new URLSearchParams({ baseline, contender, metric })),
  });

export interface MatrixRequest {
  filters: Filters;
  column: string;
  baseline: string | null;
  split: string[];
  pool: string[];
  metric: Metric;
  agg: Aggregation;
}

export const matrixQuery = (req: MatrixRequest) =>
  queryOptions({
    queryKey: ["matrix", req],
    queryFn: () => {
      const params = filterParams(req.filters);
      params.set("metric", req.metric);
      params.set("column", req.column);
      if (req.baseline !== null) params.set("baseline", req.baseline);
      for (const dim of req.split) params.append("split", dim);
      for (const dim of req.pool) params.append("pool", dim);
      params.set("agg", req.agg);
      return getJson<MatrixResponse>("/matrix", params);
    },
  });

export const relativeQuery = (req: ChartRequest, relative: Relative) =>
  queryOptions({
    queryKey: ["relative", req, relative],
    queryFn: () => {
      const params = chartParams(req);
      if (relative.by === "x") params.set("baseline_x", relative.x);
      else for (const v of relative.key) params.append("baseline_series", v);
      return getJson<RelativeResponse>("/relative", params);
    },
  });

export const fitQuery = (req: ChartRequest, metric: "ns_per_op" | "cycles_per_op") =>
  queryOptions({
    queryKey: ["fit", req, metric],
    queryFn: () => getJson<SizeFitsResponse>("/fit", chartParams(req, metric)),
  });

export const tradeoffQuery = (filters: Filters, metric: Metric, size: string, agg: Aggregation) =>
  queryOptions({
    queryKey: ["tradeoff", filters, metric, size, agg],
    queryFn: () => {
      const params = filterParams(filters);
      params.set("metric", metric);
      params.set("size", size);
      params.set("agg", agg);
      return getJson<TradeoffResponse>("/tradeoff", params);
    },
  });

export interface HistoryRequest {
  filters: Filters;
  series: string[];
  metric: Metric;
}

export const historyQuery = (req: HistoryRequest) =>
  queryOptions({
    queryKey: ["history", req],
    queryFn: () => {
      const params = filterParams(req.filters);
      params.set("metric", req.metric);
      for (const dim of req.series) params.append("series", dim);
      return getJson<History>("/history", params);
    },
  });

export interface ChangesRequest {
  filters: Filters;
  direction: "regression" | "improvement" | null;
  since: string | null;
}

/** The changes' filters, direction and date, with a page of `limit` (/changes, /changes/events). */
function changesParams(req: ChangesRequest, limit: number): URLSearchParams {
  const params = filterParams(req.filters);
  params.set("limit", String(limit));
  if (req.direction) params.set("direction", req.direction);
  if (req.since) params.set("since", req.since);
  return params;
}

export const changesQuery = (req: ChangesRequest) =>
  queryOptions({
    queryKey: ["changes", req],
    queryFn: () => getJson<ChangesResponse>("/changes", changesParams(req, 500)),
  });

/** The changes grouped into events (one per run and cause), of the newest 50 runs with changes. */
export const changeEventsQuery = (req: ChangesRequest) =>
  queryOptions({
    queryKey: ["change-events", req],
    queryFn: () => getJson<ChangeEventsResponse>("/changes/events", changesParams(req, 50)),
  });

/** The leak screens under the filters, each with its verdict (/leaks). */
export const leaksQuery = (filters: Filters) =>
  queryOptions({
    queryKey: ["leaks", filters],
    queryFn: () => {
      const params = filterParams(filters);
      params.set("limit", "1000");
      return getJson<LeakScreens>("/leaks", params);
    },
  });

/** One screen's histograms, t against sample count and interval (/leaks/{run_id}/{position}). */
export const leakQuery = (runId: string, position: number) =>
  queryOptions({
    queryKey: ["leak", runId, position],
    queryFn: () => getJson<LeakDetail>(`/leaks/${encodeURIComponent(runId)}/${position}`),
  });
