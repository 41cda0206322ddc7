import type { DiffEntry, FieldChange, ImportDiff } from '@tracemap/shell-core/tracking-plan';

const show = (value: unknown) => {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

function Change({ change }: { change: FieldChange }) {
  return (
    <li>
      <code>{change.field}</code>: {show(change.before)} → {show(change.after)}
    </li>
  );
}

function EntryList({ title, entries, testId }: { title: string; entries: DiffEntry[]; testId: string }) {
  if (entries.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h3>
        {title} ({entries.length})
      </h3>
      <ul>
        {entries.slice(0, 200).map((e, i) => (
          <li key={`${e.kind}-${e.id ?? e.name}-${i}`}>
            {e.kind} <strong>{e.name}</strong>
            {e.changes?.length ? (
              <ul>
                {e.changes.map((c) => (
                  <Change key={c.field} change={c} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {entries.length > 200 ? <li className="co-muted">…and {entries.length - 200} more</li> : null}
      </ul>
    </section>
  );
}

/** What an import adds, changes and rejects (with the row and the reason). */
export function ImportDiffView({ diff }: { diff: ImportDiff }) {
  return (
    <div className="tp-diff" data-testid="import-diff">
      <p data-testid="import-summary">
        <strong>{diff.added.length}</strong> to add · <strong>{diff.changed.length}</strong> to change ·{' '}
        <strong>{diff.unchanged}</strong> unchanged
        {diff.rejected.length ? (
          <>
            {' '}
            · <strong className="tp-finding--error">{diff.rejected.length}</strong> rejected
          </>
        ) : null}
      </p>
      {diff.rejected.length ? (
        <section data-testid="import-rejected" role="alert">
          <h3>Rejected ({diff.rejected.length})</h3>
          <p className="tp-hint">An import is all or nothing: fix these rows and try again. Nothing was changed.</p>
          <ul>
            {diff.rejected.map((r, i) => (
              <li key={`${r.row}-${i}`} className="tp-finding--error">
                {typeof r.row === 'number' ? `Row ${r.row}` : r.row}
                {r.name ? ` (${r.name})` : ''}: {r.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <EntryList title="Added" entries={diff.added} testId="import-added" />
      <EntryList title="Changed" entries={diff.changed} testId="import-changed" />
    </div>
  );
}
