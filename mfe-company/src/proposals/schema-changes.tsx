import type { ProposalDiff } from '@tracemap/shell-core/tracking-plan';

/** Every event whose JSON Schema the proposal changes, before and after side by side. */
export function SchemaChanges({ schemas }: { schemas: ProposalDiff['schemas'] }) {
  if (schemas.length === 0) return <p className="co-muted">No event's JSON Schema changes.</p>;
  return (
    <div data-testid="schema-changes">
      {schemas.map((s) => (
        <details key={s.eventId} className="co-card" data-testid="schema-change" data-name={s.name}>
          <summary>
            <strong>{s.name}</strong>{' '}
            <span className="co-muted">
              {s.before === null ? 'new event' : s.after === null ? 'event removed' : 'schema changes'}
            </span>
          </summary>
          <div className="co-side-by-side">
            <div>
              <h4>Before</h4>
              <pre data-testid="schema-before">{s.before === null ? '—' : JSON.stringify(s.before, null, 2)}</pre>
            </div>
            <div>
              <h4>After</h4>
              <pre data-testid="schema-after">{s.after === null ? '—' : JSON.stringify(s.after, null, 2)}</pre>
            </div>
          </div>
        </details>
      ))}
    </div>
  );
}
