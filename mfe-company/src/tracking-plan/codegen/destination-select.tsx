import { DESTINATION_LABELS, DESTINATIONS, type CodegenDestination } from './codegen-api';

/** The SDK the code is written for; every member may switch it, it changes no data. */
export function DestinationSelect({
  value,
  onChange,
}: {
  value: CodegenDestination;
  onChange: (next: CodegenDestination) => void;
}) {
  return (
    <label className="tp-hint cg-destination">
      For{' '}
      <select
        className="tp-input"
        value={value}
        onChange={(e) => onChange(DESTINATIONS.find((d) => d === e.target.value) ?? value)}
        data-testid="codegen-destination"
      >
        {DESTINATIONS.map((d) => (
          <option key={d} value={d}>
            {DESTINATION_LABELS[d]}
          </option>
        ))}
      </select>
    </label>
  );
}
