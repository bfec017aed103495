/** The numbers under the chart, and their CSV form. */
import type { Vocabulary } from "../api/vocabulary";
import { flagsText, isPooled, pooledText } from "./caveats";
import type { ChartData as ChartResponse, DimValue, Pooled } from "./chartData";
import { csvText, type CsvFlavour } from "./csv";
import { dimensionLabel, valueText } from "./dimensions";
import { xOrder } from "./figures";
import { csvNumber, metricLabel } from "./units";

export interface TableRow {
  series: DimValue[];
  x: DimValue;
  value: number | null;
  n: number | null;
  min: number | null;
  max: number | null;
  error: number | null;
  errorKind: string | null;
  pooled: Pooled;
  flags: Record<string, number>;
}

/** Rows in chart order: by x (as plotted), then by series. Points whose value is absent stay absent (null). */
export function chartRows(
  vocabulary: Vocabulary,
  chart: ChartResponse,
  seriesDims: string[],
): TableRow[] {
  const rank = new Map(xOrder(vocabulary, chart.series, chart.x).map((x, i) => [valueText(x), i]));
  const rows: Array<TableRow & { order: number; seriesIndex: number }> = [];
  chart.series.forEach((s, seriesIndex) => {
    for (const p of s.points) {
      rows.push({
        series: seriesDims.map((dim) => s.key[dim] ?? null),
        x: p.x,
        value: p.value,
        n: p.n ?? null,
        min: p.min ?? null,
        max: p.max ?? null,
        error: p.error ?? null,
        errorKind: p.error_kind ?? null,
        pooled: isPooled(p) ? (p.pooled ?? {}) : {},
        flags: p.flags ?? {},
        order: rank.get(valueText(p.x)) ?? 0,
        seriesIndex,
      });
    }
  });
  rows.sort((a, b) => a.order - b.order || a.seriesIndex - b.seriesIndex);
  return rows.map(({ order: _o, seriesIndex: _s, ...row }) => row);
}

/** Column titles, every figure's unit named: "throughput (MB/s)", "min (MB/s)". */
export function tableHeader(
  vocabulary: Vocabulary,
  chart: ChartResponse,
  seriesDims: string[],
): string[] {
  const unit = `(${chart.unit})`;
  return [
    dimensionLabel(vocabulary, chart.x),
    ...seriesDims.map((d) => dimensionLabel(vocabulary, d)),
    `${metricLabel(vocabulary, chart.metric)} ${unit}`,
    "n",
    `min ${unit}`,
    `max ${unit}`,
    `error ${unit}`,
    "error kind",
    "pooled",
    "flagged figures",
  ];
}

/** CSV (lib/csv: RFC 4180, formula cells neutralised) with full-precision numbers; absent values are empty cells, never 0. */
export function rowsToCsv(
  vocabulary: Vocabulary,
  header: string[],
  rows: TableRow[],
  flavour: CsvFlavour = "spreadsheet",
): string {
  const lines = rows.map((r) => {
    const figures = [r.value, r.n, r.min, r.max, r.error].map(csvNumber);
    return [
      r.x,
      ...r.series,
      ...figures,
      r.errorKind,
      pooledText(vocabulary, r.pooled),
      flagsText(r.flags),
    ];
  });
  return csvText([header, ...lines], flavour);
}
