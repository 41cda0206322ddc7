import { useEffect, useState } from 'react';
import type { StoredQueryResult } from '@tracemap/contracts';
import { ApiError } from '@tracemap/shell-core';
import { ApiErrorMessage } from '../../components/api-error';
import { getStoredQuery } from '../api/assistant-api';

type State =
  { status: 'loading' } | { status: 'ready'; result: StoredQueryResult } | { status: 'failed'; error: unknown };

const cell = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

/** A source query an answer cited, read back from storage and shown as a table. */
export function QueryTable({ companyId, queryId }: { companyId: string; queryId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getStoredQuery(companyId, queryId, controller.signal).then(
      (result) => setState({ status: 'ready', result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [companyId, queryId]);

  if (state.status === 'loading') return <p className="co-muted">Loading the query result…</p>;
  if (state.status === 'failed') {
    if (state.error instanceof ApiError && state.error.statusCode === 404) {
      return (
        <p className="co-muted" data-testid="assistant-query-missing">
          This query result is no longer available.
        </p>
      );
    }
    return <ApiErrorMessage error={state.error} />;
  }
  const { columns, rows, ranAt } = state.result;
  return (
    <div className="as-query" data-testid="assistant-query-table">
      <table className="co-table">
        <caption className="co-muted">Ran {new Date(ranAt).toLocaleString()}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((value, j) => (
                <td key={j}>{cell(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
