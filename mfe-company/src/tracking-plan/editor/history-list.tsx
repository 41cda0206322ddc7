import { useCallback, useEffect, useState } from 'react';
import { Button } from '@tracemap/ui';
import {
  getPlanEntityHistory,
  type EntityKind,
  type FieldChange,
  type HistoryEntry,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';

const brief = (value: unknown) => {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

function ChangeLine({ change }: { change: FieldChange }) {
  return (
    <li>
      {change.field}: {brief(change.before)} → {brief(change.after)}
    </li>
  );
}

/** A change another part of the product made on the person's behalf says so. */
function throughWhom(actor: string | undefined): string {
  if (actor === 'assistant') return ' through the assistant';
  if (actor === 'discovery') return ' through analytics discovery';
  return '';
}

/** Who changed what and when, newest first; `revision` re-reads it after each save. */
export function HistoryList({ kind, id, revision }: { kind: EntityKind; id: string; revision: number }) {
  const { companyId } = useCompany();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const read = useCallback(
    async (cursor?: string) => {
      try {
        const page = await getPlanEntityHistory(kind, companyId, id, { cursor, limit: 20 });
        setEntries((prev) => (cursor ? [...prev, ...page.items] : page.items));
        setNext(page.nextCursor);
        setError(null);
      } catch (err) {
        setError(err);
      }
    },
    [kind, companyId, id],
  );

  useEffect(() => {
    void read();
  }, [read, revision]);

  return (
    <section className="tp-section" aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title">History</h2>
      <ApiErrorMessage error={error} testId="history-error" />
      <ol className="tp-history">
        {entries.map((e) => (
          <li key={e.id} data-testid="history-entry" data-action={e.action}>
            <strong>{e.actorName ?? 'Someone'}</strong> {e.action} it{throughWhom(e.actor)}{' '}
            <time dateTime={e.at} className="co-muted">
              {new Date(e.at).toLocaleString()}
            </time>
            {e.changes.length ? (
              <ul>
                {e.changes.map((c) => (
                  <ChangeLine key={c.field} change={c} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {next ? (
        <Button variant="ghost" className="tp-small-btn" onClick={() => void read(next)}>
          Older changes
        </Button>
      ) : null}
    </section>
  );
}
