/** x axis, series, metric, unit, aggregation, scale and chart kind pickers. */
import { dimensionLabel } from "../lib/dimensions";
import { displayUnits, metricTitle, unitText, type Metric } from "../lib/units";
import { AGGREGATIONS, type ExplorerState } from "../lib/viewState";

interface Props {
  state: ExplorerState;
  metric: Metric;
  metrics: Metric[];
  dimensions: string[];
  onChange: (next: ExplorerState) => void;
}

function DimSelect(props: { label: string; value: string; options: string[]; none?: boolean; onPick: (v: string) => void }) {
  const options = props.options.includes(props.value) || props.value === "" ? props.options : [props.value, ...props.options];
  return (
    <label>
      {props.label}
      <select aria-label={props.label} value={props.value} onChange={(e) => props.onPick(e.target.value)}>
        {props.none && <option value="">(none)</option>}
        {options.map((d) => (
          <option key={d} value={d}>
            {dimensionLabel(d)}
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
      <DimSelect label="series" value={state.series[0] ?? ""} options={dimensions} none onPick={(d) => setSeries(0, d)} />
      {state.series.length > 0 && (
        <DimSelect label="and by" value={state.series[1] ?? ""} options={dimensions} none onPick={(d) => setSeries(1, d)} />
      )}
      <label>
        metric
        <select aria-label="metric" value={metric} onChange={(e) => set({ metric: e.target.value as Metric, unit: null })}>
          {metrics.map((m) => (
            <option key={m} value={m}>
              {metricTitle(m)}
            </option>
          ))}
        </select>
      </label>
      <label>
        unit
        <select aria-label="unit" value={state.unit ?? ""} onChange={(e) => set({ unit: e.target.value || null })}>
          <option value="">auto (per chart)</option>
          {displayUnits(metric).map((u) => (
            <option key={u.unit} value={u.unit}>
              {unitText(u.unit)}
            </option>
          ))}
        </select>
      </label>
      <label>
        aggregation
        <select aria-label="aggregation" value={state.agg} onChange={(e) => set({ agg: e.target.value as ExplorerState["agg"] })}>
          {AGGREGATIONS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <label>
        y axis
        <select aria-label="y axis" value={state.scale} onChange={(e) => set({ scale: e.target.value as ExplorerState["scale"] })}>
          <option value="auto">auto (log when spread &gt; 100x)</option>
          <option value="linear">linear</option>
          <option value="log">log</option>
        </select>
      </label>
      <div role="group" aria-label="chart kind">
        {(["bars", "lines"] as const).map((kind) => (
          <button key={kind} type="button" aria-pressed={state.chart === kind} onClick={() => set({ chart: kind })}>
            {kind}
          </button>
        ))}
      </div>
    </div>
  );
}
