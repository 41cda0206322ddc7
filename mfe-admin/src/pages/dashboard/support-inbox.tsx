import { setSupportMessageStatus, type AdminOverview, type SupportStatus } from '@tracemap/shell-core';
import { useAction } from '../../shared/use-load';
import { ResultLine } from '../../shared/result-line';

const STATUSES: SupportStatus[] = ['new', 'triaged', 'closed'];

/** Recent bug reports and feedback, each with a status the admin can change. */
export function SupportInbox({ overview, onChanged }: { overview: AdminOverview; onChanged(): void }) {
  const action = useAction();
  const setStatus = (kind: 'bug-reports' | 'feedback', id: string, status: SupportStatus) =>
    action.run(async () => {
      const { message } = await setSupportMessageStatus(kind, id, status);
      onChanged();
      return message;
    });
  const picker = (kind: 'bug-reports' | 'feedback', id: string, value: SupportStatus) => (
    <select aria-label="Status" value={value} disabled={action.busy} onChange={(e) => setStatus(kind, id, e.target.value as SupportStatus)} data-testid="support-status">
      {STATUSES.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </select>
  );
  return (
    <div className="adm-section">
      <h2>Bug reports</h2>
      {overview.recentBugReports.length === 0 && <p className="adm-muted">None yet.</p>}
      <table className="adm-table">
        <tbody>
          {overview.recentBugReports.map((b) => (
            <tr key={b.id} data-testid="admin-bug-report" data-id={b.id} data-type={b.bugType}>
              <td>{new Date(b.createdAt).toLocaleString()}</td>
              <td>
                <strong>{b.bugType}</strong> — {b.description}
                <div className="adm-muted">
                  {b.userEmail ?? 'anonymous'} · {b.bugUrl} {b.companyId && `· company ${b.companyId}`} {b.mapId && `· map ${b.mapId}`}
                </div>
              </td>
              <td>{picker('bug-reports', b.id, b.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Feedback</h2>
      {overview.recentFeedback.length === 0 && <p className="adm-muted">None yet.</p>}
      <table className="adm-table">
        <tbody>
          {overview.recentFeedback.map((f) => (
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
      <h2>Recent leads</h2>
      {overview.recentLeads.length === 0 && <p className="adm-muted">None yet.</p>}
      <ul>
        {overview.recentLeads.map((l) => (
          <li key={l.id}>
            {new Date(l.createdAt).toLocaleString()} — <code>{JSON.stringify(l.data).slice(0, 200)}</code>
          </li>
        ))}
      </ul>
      <ResultLine result={action.result} testId="support-status-result" />
    </div>
  );
}
