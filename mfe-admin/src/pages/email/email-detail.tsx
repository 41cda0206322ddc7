import { getAdminEmail, resendAdminEmail, type AdminEmailSummary } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { ResultLine } from '../../shared/result-line';
import { useAction, useLoad } from '../../shared/use-load';

/** One email as it was rendered, its delivery attempts and last error, and a resend when it failed. */
export function EmailDetail({ email, onChanged }: { email: AdminEmailSummary; onChanged(): void }) {
  const detail = useLoad(() => getAdminEmail(email.source, email.id), [email.source, email.id]);
  const action = useAction();
  const resend = () =>
    action.run(async () => {
      const answer = await resendAdminEmail(email.source, email.id);
      onChanged();
      detail.reload();
      return answer.outcome === 'queued'
        ? 'A copy was queued for sending.'
        : 'This email was already resent; no second copy was queued.';
    });
  if (detail.error) return <p className="adm-error">{detail.error}</p>;
  if (!detail.data) return <p aria-busy="true">Loading…</p>;
  const d = detail.data;
  return (
    <div className="adm-panel" data-testid="email-detail">
      <h3>{d.subject}</h3>
      <p className="adm-muted">
        To {d.to} · {d.template} from {d.source} · {d.status} after {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
        {d.sentAt && ` · sent ${new Date(d.sentAt).toLocaleString()}`}
        {d.resendOf && ` · resend of ${d.resendOf}`}
      </p>
      {d.lastError && <p className="adm-error">Last error: {d.lastError}</p>}
      {d.status === 'failed' && !d.resentAs && (
        <Button onClick={resend} disabled={action.busy} data-testid="email-resend">
          Resend
        </Button>
      )}
      {d.resentAs && <p className="adm-muted">Resent as {d.resentAs}.</p>}
      <ResultLine result={action.result} testId="email-resend-result" />
      {/* The HTML as sent, in a frame that may run nothing and reach nothing. */}
      <iframe
        title="Email as sent"
        sandbox=""
        srcDoc={d.html}
        style={{ width: '100%', height: 360, border: '1px solid #e2e8f0', background: '#fff' }}
      />
      <details>
        <summary>Plain-text part</summary>
        <pre className="adm-pre">{d.text}</pre>
      </details>
    </div>
  );
}
