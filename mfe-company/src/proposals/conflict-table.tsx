import type { MergeConflictBody } from '@tracemap/shell-core/tracking-plan';
import { conflictKey, KIND_LABELS, showValue, type MergeChoice } from './diff-logic';

/**
 * Fields both the proposal and the live plan changed since the proposal's base, side by side,
 * with the author's choice of which side each keeps.
 */
export function ConflictTable({
  conflicts,
  choices,
  onChoose,
}: {
  conflicts: MergeConflictBody[];
  choices: Record<string, MergeChoice>;
  onChoose: (key: string, choice: MergeChoice) => void;
}) {
  return (
    <table className="co-table" data-testid="merge-conflicts">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Field</th>
          <th scope="col">At the base</th>
          <th scope="col">In the proposal</th>
          <th scope="col">In the live plan</th>
        </tr>
      </thead>
      <tbody>
        {conflicts.map((c) => {
          const key = conflictKey(c);
          const choice = (side: MergeChoice, value: unknown) => (
            <label>
              <input
                type="radio"
                name={key}
                value={side}
                checked={choices[key] === side}
                onChange={() => onChoose(key, side)}
                data-testid={`conflict-take-${side}`}
              />{' '}
              <span data-testid={`conflict-${side}`}>{showValue(value)}</span>
            </label>
          );
          return (
            <tr key={key} data-testid="merge-conflict" data-name={c.name} data-field={c.field}>
              <td>
                {c.name} <span className="co-muted">({KIND_LABELS[c.kind].toLowerCase().replace(/s$/, '')})</span>
              </td>
              <td>{c.field}</td>
              <td className="co-muted" data-testid="conflict-base">
                {showValue(c.base)}
              </td>
              <td>{choice('proposal', c.proposal)}</td>
              <td>{choice('live', c.live)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
