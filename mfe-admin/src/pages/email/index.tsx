import { useState } from 'react';
import { listAdminEmails, type AdminEmailSummary } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { AdminPage } from '../../shared/admin-page';
import { useLoad } from '../../shared/use-load';
import { EmailDetail } from './email-detail';

const STATUSES = ['', 'pending', 'sending', 'sent', 'failed'] as const;

/** /admin/email: every service's outbox, newest first, searchable by recipient, template and status. */
export function AdminEmailPage() {
  const [recipient, setRecipient] = useState('');
  const [template, setTemplate] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [filters, setFilters] = useState({ recipient: '', template: '', status: '' as (typeof STATUSES)[number] });
  const [open, setOpen] = useState<AdminEmailSummary | null>(null);
  const list = useLoad(
    () =>
      listAdminEmails({
        recipient: filters.recipient || undefined,
        template: filters.template || undefined,
        status: filters.status || undefined,
      }),
    [filters],
  );
  return (
    <AdminPage title="Emails">
      <form
        className="adm-row"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ recipient: recipient.trim(), template: template.trim(), status });
        }}
      >
        <input
          className="adm-input"
          placeholder="Recipient"
          aria-label="Recipient"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          data-testid="email-filter-recipient"
        />
        <input
          className="adm-input"
          placeholder="Template"
          aria-label="Template"
          value={template}
          onChange={(e) => setTemplate(e.target.value)}
        />
        <select
          className="adm-input"
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          data-testid="email-filter-status"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s || 'any status'}
            </option>
          ))}
        </select>
        <Button type="submit" data-testid="email-filter-submit">
          Search
        </Button>
      </form>
      {list.error && <p className="adm-error">{list.error}</p>}
      {list.data && list.data.unavailable.length > 0 && (
        <p className="adm-muted">Not reachable now: {list.data.unavailable.join(', ')}</p>
      )}
      {list.data && (
        <table className="adm-table">
          <thead>
            <tr>
              <th>Created</th>
              <th>To</th>
              <th>Template</th>
              <th>Status</th>
              <th>Attempts</th>
            </tr>
          </thead>
          <tbody>
            {list.data.emails.map((e) => (
              <tr
                key={`${e.source}:${e.id}`}
                data-testid="email-row"
                data-id={e.id}
                data-status={e.status}
                data-to={e.to}
              >
                <td>
                  <button
                    type="button"
                    className="tm-btn tm-btn--ghost"
                    onClick={() => setOpen(e)}
                    data-testid="email-open"
                  >
                    {new Date(e.createdAt).toLocaleString()}
                  </button>
                </td>
                <td>{e.to}</td>
                <td>{e.template}</td>
                <td className={e.status === 'failed' ? 'adm-error' : ''}>{e.status}</td>
                <td>{e.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data?.emails.length === 0 && <p className="adm-muted">No email matches.</p>}
      {open && <EmailDetail key={`${open.source}:${open.id}`} email={open} onChanged={list.reload} />}
    </AdminPage>
  );
}
