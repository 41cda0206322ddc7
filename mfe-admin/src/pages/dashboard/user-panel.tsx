import {
  endUserSessions,
  getAdminUser,
  resendUserConfirmation,
  sendUserPasswordReset,
  setUserPasswordResetRequired,
  setUserProductAdmin,
} from '@tracemap/shell-core/admin';
import { useUserStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { ResultLine } from '../../shared/result-line';
import { useAction, useLoad } from '../../shared/use-load';

/** One user, their companies, and what an admin can do for them. */
export function UserPanel({ userId, onChanged }: { userId: string; onChanged(): void }) {
  const me = useUserStore((s) => s.user);
  const detail = useLoad(() => getAdminUser(userId), [userId]);
  const action = useAction();
  const act = (work: () => Promise<{ message: string }>) =>
    action.run(async () => {
      const { message } = await work();
      detail.reload();
      onChanged();
      return message;
    });
  if (detail.error) return <p className="adm-error">{detail.error}</p>;
  if (!detail.data) return <p aria-busy="true">Loading…</p>;
  const { user, companies } = detail.data;
  const self = me?.id === user.id;
  return (
    <div className="adm-panel" data-testid="admin-user-panel" data-email={user.email}>
      <h3>
        {user.firstName} {user.lastName} &lt;{user.email}&gt;
      </h3>
      <p className="adm-muted">
        {user.emailConfirmed ? 'Email confirmed' : 'Email not confirmed'} · joined{' '}
        {new Date(user.createdAt).toLocaleDateString()} · {user.anamapAdmin ? 'product admin' : 'not a product admin'} ·{' '}
        {user.passwordResetRequired ? 'must reset password' : 'no reset required'}
      </p>
      <p>
        Companies:{' '}
        {companies === null ? (
          <span className="adm-muted">unavailable</span>
        ) : companies.length === 0 ? (
          'none'
        ) : (
          companies.map((c) => `${c.name} (${c.role})`).join(', ')
        )}
      </p>
      <div className="adm-row">
        {!user.emailConfirmed && (
          <Button variant="ghost" disabled={action.busy} onClick={() => act(() => resendUserConfirmation(user.id))}>
            Resend confirmation
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={action.busy}
          data-testid="admin-action-password-reset"
          onClick={() => act(() => sendUserPasswordReset(user.id))}
        >
          Send password reset
        </Button>
        <Button
          variant="ghost"
          disabled={action.busy}
          onClick={() => act(() => setUserPasswordResetRequired(user.id, !user.passwordResetRequired))}
        >
          {user.passwordResetRequired ? 'Clear reset requirement' : 'Require password reset'}
        </Button>
        {!self && (
          <Button
            variant="ghost"
            disabled={action.busy}
            data-testid="admin-action-product-admin"
            onClick={() => act(() => setUserProductAdmin(user.id, !user.anamapAdmin))}
          >
            {user.anamapAdmin ? 'Revoke product admin' : 'Make product admin'}
          </Button>
        )}
        <Button variant="ghost" disabled={action.busy} onClick={() => act(() => endUserSessions(user.id))}>
          End sessions
        </Button>
      </div>
      <ResultLine result={action.result} />
    </div>
  );
}
