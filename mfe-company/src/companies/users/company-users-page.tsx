import { useCallback, useEffect, useState } from 'react';
import {
  changeMemberRole,
  listInvitations,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from '@tracemap/shell-core/company-api';
import { hasAdminRights } from '@tracemap/shell-core/roles';
import { type CompanyMember, type CompanyRole, type Invitation } from '@tracemap/shell-core';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { useAction } from '../../hooks/use-action';
import { useCurrentUserId } from '../../hooks/use-current-user-id';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';

/** /company/:companyId/users: members, pending invitations, and the actions the viewer's role allows. */
export function CompanyUsersPage() {
  const { companyId, info, reload } = useCompany();
  const userId = useCurrentUserId();
  const admin = hasAdminRights(info.role);
  const actor = userId ? { userId, role: info.role } : null;
  const [invitations, setInvitations] = useState<Invitation[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  const loadInvitations = useCallback(async () => {
    if (!admin) return;
    const list = await run(() => listInvitations(companyId));
    if (list) setInvitations(list);
  }, [admin, companyId, run]);

  useEffect(() => {
    void loadInvitations();
  }, [loadInvitations]);

  const act = async (action: () => Promise<unknown>, done: string, refresh: 'members' | 'invitations') => {
    setNotice(null);
    const ok = await run(async () => {
      await action();
      return true;
    });
    if (!ok) return;
    setNotice(done);
    if (refresh === 'members') await reload();
    else await loadInvitations();
  };

  const onChangeRole = (m: CompanyMember, role: CompanyRole) =>
    act(() => changeMemberRole(companyId, m.id, role), `${m.email ?? 'Member'} is now ${role}.`, 'members');
  const onRemove = (m: CompanyMember) =>
    act(() => removeMember(companyId, m.id), `${m.email ?? 'Member'} was removed.`, 'members');
  const onResend = (inv: Invitation) =>
    act(() => resendInvitation(inv.invitationId), `Invitation sent again to ${inv.email}.`, 'invitations');
  const onRevoke = (inv: Invitation) =>
    act(() => revokeInvitation(inv.invitationId), `Invitation to ${inv.email} revoked.`, 'invitations');

  return (
    <section className="tm-container co-page" data-testid="company-users">
      <h1>Members</h1>
      <div aria-live="polite">
        <ApiErrorMessage error={error} testId="users-error" />
        {notice ? (
          <p className="co-ok" data-testid="users-notice">
            {notice}
          </p>
        ) : null}
      </div>
      <table className="co-table" data-testid="member-list">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>
              <span className="co-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {info.users.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              actor={actor}
              busy={busy}
              onChangeRole={onChangeRole}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
      {admin ? (
        <>
          <h2>Invite a member</h2>
          <InviteForm companyId={companyId} actorRole={info.role} onInvited={() => void loadInvitations()} />
          <h2>Pending invitations</h2>
          {invitations ? (
            <InvitationList
              invitations={invitations}
              actorRole={info.role}
              busy={busy}
              onResend={onResend}
              onRevoke={onRevoke}
            />
          ) : (
            <p className="co-muted">Loading invitations…</p>
          )}
        </>
      ) : (
        <p className="co-muted" data-testid="users-read-only">
          Only owners and admins can invite members or change roles.
        </p>
      )}
    </section>
  );
}
