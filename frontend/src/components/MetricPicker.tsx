/** The metric, display unit and aggregation pickers every chart and table page offers. */
import { useVocabulary } from "../api/vocabulary";
import { displayUnits, metricTitle, unitText, type Metric } from "../lib/units";
import { AGGREGATIONS, type Aggregation } from "../lib/viewState";

/** The metrics with figures under the filters, each by its label and canonical unit. */
export function MetricPicker(props: {
  label?: string;
  value: Metric | undefined;
  metrics: Metric[];
  onPick: (metric: Metric) => void;
}) {
  const vocabulary = useVocabulary();
  const label = props.label ?? "metric";
  return (
    <label>
      {label}
      <select
        aria-label={label}
        value={props.value ?? ""}
        onChange={(e) => props.onPick(e.target.value as Metric)}
      >
        {props.metrics.map((m) => (
          <option key={m} value={m}>
            {metricTitle(vocabulary, m)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The metric's display units; "" is `auto` (the unit that suits the figures shown). */
export function UnitPicker(props: {
  metric: Metric;
  value: string | null;
  auto: string;
  onPick: (unit: string | null) => void;
}) {
  const vocabulary = useVocabulary();
  return (
    <label>
      unit
      <select
        aria-label="unit"
        value={props.value ?? ""}
        onChange={(e) => props.onPick(e.target.value || null)}
      >
        <option value="">{props.auto}</option>
        {displayUnits(vocabulary, props.metric).map((u) => (
          <option key={u.unit} value={u.unit}>
            {unitText(u.unit)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AggregationPicker(props: {
  value: Aggregation;
  onPick: (agg: Aggregation) => void;
}) {
  return (
    <label>
      aggregation
      <select
        aria-label="aggregation"
        value={props.value}
        onChange={(e) => props.onPick(e.target.value as Aggregation)}
      >
        {AGGREGATIONS.map((a) => (
          <option key={a}>{a}</option>
        ))}
      </select>
    </label>
  );
}
