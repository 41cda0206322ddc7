import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { assignableRoles, canRemoveMember, ROLE_LABELS, type MemberRef } from '@tracemap/shell-core/roles';
import { type CompanyMember, type CompanyRole } from '@tracemap/shell-core';

export interface MemberRowProps {
  member: CompanyMember;
  actor: MemberRef | null;
  busy: boolean;
  onChangeRole: (member: CompanyMember, role: CompanyRole) => void;
  onRemove: (member: CompanyMember) => void;
}

function displayName(m: CompanyMember): string {
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  return name || m.email || m.id;
}

/** One member: name, email, role, and only the actions the viewer's role allows. */
export function MemberRow({ member, actor, busy, onChangeRole, onRemove }: MemberRowProps) {
  const [confirming, setConfirming] = useState(false);
  const target = { userId: member.id, role: member.role };
  const roles = actor ? assignableRoles(actor, target) : [];
  const removable = actor ? canRemoveMember(actor, target) : false;
  const self = actor?.userId === member.id;
  const label = displayName(member);

  return (
    <tr data-testid="member-row" data-user-id={member.id} data-email={member.email ?? ''} data-role={member.role}>
      <td>
        {label}
        {self ? <span className="co-muted"> (you)</span> : null}
      </td>
      <td>{member.email ?? '—'}</td>
      <td>
        {roles.length > 0 ? (
          <select
            aria-label={`Role of ${label}`}
            value={member.role}
            disabled={busy}
            onChange={(e) => onChangeRole(member, e.target.value as CompanyRole)}
            data-testid="member-role-select"
          >
            {[member.role, ...roles].map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ) : (
          <span className="co-role" data-testid="member-role">
            {ROLE_LABELS[member.role]}
          </span>
        )}
      </td>
      <td>
        {removable ? (
          <span className="co-actions">
            {confirming ? (
              <>
                <Button
                  className="co-btn-danger"
                  disabled={busy}
                  onClick={() => onRemove(member)}
                  data-testid="member-remove-confirm"
                >
                  Remove {label}
                </Button>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)} data-testid="member-remove">
                Remove
              </Button>
            )}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
