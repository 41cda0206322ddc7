import { Button } from '@tracemap/ui';
import { canManageInvitation, ROLE_LABELS } from '@tracemap/shell-core/roles';
import { type CompanyRole, type Invitation } from '@tracemap/shell-core';

export interface InvitationListProps {
  invitations: Invitation[];
  actorRole: CompanyRole;
  busy: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

/** Pending (and expired, which can be sent again) invitations with resend/revoke for those allowed. */
export function InvitationList({ invitations, actorRole, busy, onResend, onRevoke }: InvitationListProps) {
  const open = invitations.filter((i) => i.status === 'pending' || i.status === 'expired');
  if (open.length === 0)
    return (
      <p className="co-muted" data-testid="invitations-empty">
        No pending invitations.
      </p>
    );
  return (
    <table className="co-table" data-testid="invitation-list">
      <thead>
        <tr>
          <th>Name</th>
          <th>Email</th>
          <th>Role</th>
          <th>Status</th>
          <th>
            <span className="co-sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {open.map((inv) => {
          const allowed = canManageInvitation(actorRole, inv.role);
          return (
            <tr key={inv.invitationId} data-testid="invitation-row" data-email={inv.email} data-status={inv.status}>
              <td>
                {inv.firstName} {inv.lastName}
              </td>
              <td>{inv.email}</td>
              <td>{ROLE_LABELS[inv.role]}</td>
              <td>
                {inv.status === 'expired' ? 'Expired' : `Pending until ${new Date(inv.expiresAt).toLocaleDateString()}`}
              </td>
              <td>
                {allowed ? (
                  <span className="co-actions">
                    <Button
                      variant="ghost"
                      disabled={busy}
                      onClick={() => onResend(inv)}
                      data-testid="invitation-resend"
                    >
                      Resend
                    </Button>
                    {inv.status === 'pending' ? (
                      <Button
                        className="co-btn-danger"
                        disabled={busy}
                        onClick={() => onRevoke(inv)}
                        data-testid="invitation-revoke"
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
