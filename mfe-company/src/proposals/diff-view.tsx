import type { ReactNode } from 'react';
import type { DiffEntry, FieldChange } from '@tracemap/shell-core/tracking-plan';
import { diffCounts, effectiveChange, FIELD_LABELS, groupDiff, KIND_LABELS, showValue } from './diff-logic';

const CHANGE_LABELS = { added: 'Added', changed: 'Changed', removed: 'Removed' } as const;

function FieldRow({ change }: { change: FieldChange }) {
  const effective = effectiveChange(change);
  return (
    <tr data-testid="diff-field" data-field={change.field}>
      <th scope="row">{FIELD_LABELS[change.field] ?? change.field}</th>
      <td data-testid="diff-before">
        {effective ? effective.before.map((l) => <div key={l}>− {l}</div>) : showValue(change.before)}
      </td>
      <td data-testid="diff-after">
        {effective ? effective.after.map((l) => <div key={l}>+ {l}</div>) : showValue(change.after)}
      </td>
    </tr>
  );
}

/** Added, changed (field by field, before and after) and removed items, grouped by kind; `footer` goes under each item. */
export function DiffView({
  diff,
  testId = 'diff',
  footer,
}: {
  diff: { added: DiffEntry[]; changed: DiffEntry[]; removed: DiffEntry[] };
  testId?: string;
  footer?: (entry: DiffEntry) => ReactNode;
}) {
  const groups = groupDiff(diff);
  return (
    <div data-testid={testId}>
      <p className="co-muted" data-testid={`${testId}-counts`}>
        {diffCounts(diff)}
      </p>
      {groups.length === 0 && <p className="co-muted">No changes.</p>}
      {groups.map((group) => (
        <section key={group.kind} className="co-card">
          <h3 style={{ marginTop: 0 }}>{KIND_LABELS[group.kind]}</h3>
          <ul className="co-diff-list">
            {group.entries.map(({ change, entry }) => (
              <li
                key={`${change}:${entry.id ?? entry.name}`}
                data-testid="diff-entry"
                data-change={change}
                data-kind={entry.kind}
                data-name={entry.name}
              >
                <p style={{ margin: 0 }}>
                  <span className="co-role">{CHANGE_LABELS[change]}</span> <strong>{entry.name}</strong>
                </p>
                {change === 'changed' && entry.changes && entry.changes.length > 0 && (
                  <table className="co-table">
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Before</th>
                        <th scope="col">After</th>
                      </tr>
                    </thead>
                    <tbody>
                      {entry.changes.map((c) => (
                        <FieldRow key={c.field} change={c} />
                      ))}
                    </tbody>
                  </table>
                )}
                {footer?.(entry)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
