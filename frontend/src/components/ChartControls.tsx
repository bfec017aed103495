/** x axis, series, metric, unit, aggregation, scale and chart kind pickers. */
import { useVocabulary } from "../api/vocabulary";
import { dimensionLabel } from "../lib/dimensions";
import type { Metric } from "../lib/units";
import type { ExplorerState } from "../lib/viewState";
import { AggregationPicker, MetricPicker, UnitPicker } from "./MetricPicker";

interface Props {
  state: ExplorerState;
  metric: Metric;
  metrics: Metric[];
  dimensions: string[];
  onChange: (next: ExplorerState) => void;
}

function DimSelect(props: {
  label: string;
  value: string;
  options: string[];
  none?: boolean;
  onPick: (v: string) => void;
}) {
  const vocabulary = useVocabulary();
  const options =
    props.options.includes(props.value) || props.value === ""
      ? props.options
      : [props.value, ...props.options];
  return (
    <label>
      {props.label}
      <select
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onPick(e.target.value)}
      >
        {props.none && <option value="">(none)</option>}
        {options.map((d) => (
          <option key={d} value={d}>
            {dimensionLabel(vocabulary, d)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ChartControls({ state, metric, metrics, dimensions, onChange }: Props) {
  const set = (patch: Partial<ExplorerState>) => onChange({ ...state, ...patch });
  const setSeries = (index: number, dim: string) => {
    const next = [...state.series];
    next[index] = dim;
    set({ series: next.filter((d, i) => d !== "" && next.indexOf(d) === i) });
  };
  return (
    <div className="controls">
      <DimSelect label="x axis" value={state.x} options={dimensions} onPick={(x) => set({ x })} />
      <DimSelect
        label="series"
        value={state.series[0] ?? ""}
        options={dimensions}
        none
        onPick={(d) => setSeries(0, d)}
      />
      {state.series.length > 0 && (
        <DimSelect
          label="and by"
          value={state.series[1] ?? ""}
          options={dimensions}
          none
          onPick={(d) => setSeries(1, d)}
        />
      )}
      <MetricPicker
        value={metric}
        metrics={metrics}
        onPick={(m) => set({ metric: m, unit: null })}
      />
      <UnitPicker
        metric={metric}
        value={state.unit}
        auto="auto (per chart)"
        onPick={(unit) => set({ unit })}
      />
      <AggregationPicker value={state.agg} onPick={(agg) => set({ agg })} />
      <label>
        y axis
        <select
          aria-label="y axis"
          value={state.scale}
          onChange={(e) => set({ scale: e.target.value as ExplorerState["scale"] })}
        >
          <option value="auto">auto (log when spread &gt; 100x)</option>
          <option value="linear">linear</option>
          <option value="log">log</option>
        </select>
      </label>
      <div role="group" aria-label="chart kind">
        {(["bars", "lines"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={state.chart === kind}
            onClick={() => set({ chart: kind })}
          >
            {kind}
          </button>
        ))}
      </div>
    </div>
  );
}
