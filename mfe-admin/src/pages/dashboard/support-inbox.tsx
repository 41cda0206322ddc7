import { useState } from 'react';
import {
  listSupportMessages,
  setSupportMessageStatus,
  SUPPORT_STATUSES,
  type SupportStatus,
} from '@tracemap/shell-core/admin';
import { ResultLine } from '../../shared/result-line';
import { useAction, useLoad } from '../../shared/use-load';

/** Bug reports and feedback, newest first, filtered by status; each status can be changed in place. */
export function SupportInbox({ onChanged }: { onChanged(): void }) {
  const [filter, setFilter] = useState<SupportStatus | ''>('');
  const messages = useLoad(() => listSupportMessages(filter || undefined), [filter]);
  const action = useAction();
  const setStatus = (kind: 'bug-reports' | 'feedback', id: string, status: SupportStatus) =>
    action.run(async () => {
      const { message } = await setSupportMessageStatus(kind, id, status);
      messages.reload();
      onChanged();
      return message;
    });
  const picker = (kind: 'bug-reports' | 'feedback', id: string, value: SupportStatus) => (
    <select
      aria-label="Status"
      value={value}
      disabled={action.busy}
      onChange={(e) => setStatus(kind, id, e.target.value as SupportStatus)}
      data-testid="support-status"
    >
      {SUPPORT_STATUSES.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </select>
  );
  const data = messages.data;
  return (
    <div className="adm-section">
      <div className="adm-row">
        <h2>Support</h2>
        <select
          className="adm-input"
          aria-label="Show messages with status"
          value={filter}
          onChange={(e) => setFilter(e.target.value as SupportStatus | '')}
          data-testid="support-filter"
        >
          <option value="">all</option>
          {SUPPORT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      {messages.error && <p className="adm-error">{messages.error}</p>}
      <ResultLine result={action.result} testId="support-status-result" />
      <h3>Bug reports</h3>
      {data?.bugReports.length === 0 && <p className="adm-muted">None.</p>}
      <table className="adm-table">
        <tbody>
          {data?.bugReports.map((b) => (
            <tr key={b.id} data-testid="admin-bug-report" data-id={b.id} data-type={b.bugType}>
              <td>{new Date(b.createdAt).toLocaleString()}</td>
              <td>
                <strong>{b.bugType}</strong> — {b.description}
                <div className="adm-muted">
                  {b.userEmail ?? 'anonymous'} · {b.bugUrl} {b.companyId && `· company ${b.companyId}`}{' '}
                  {b.mapId && `· map ${b.mapId}`}
                </div>
                {b.userAgent && <div className="adm-muted">{b.userAgent}</div>}
              </td>
              <td>{picker('bug-reports', b.id, b.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Feedback</h3>
      {data?.feedback.length === 0 && <p className="adm-muted">None.</p>}
      <table className="adm-table">
        <tbody>
          {data?.feedback.map((f) => (
            <tr key={f.id} data-testid="admin-feedback">
              <td>{new Date(f.createdAt).toLocaleString()}</td>
              <td>
                {f.text}
                <div className="adm-muted">{f.userEmail ?? 'anonymous'}</div>
              </td>
              <td>{picker('feedback', f.id, f.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
