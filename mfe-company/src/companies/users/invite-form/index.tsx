import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { invitableRoles, ROLE_LABELS } from '@tracemap/shell-core/roles';
import { newIdempotencyKey, type CompanyRole, type Invitation } from '@tracemap/shell-core';
import { inviteMember } from '@tracemap/shell-core/company-api';
import { ApiErrorMessage } from '../../../components/api-error';
import { useAction } from '../../../hooks/use-action';

const EMPTY = { email: '', firstName: '', lastName: '' };

/** Invite by email, first name, last name and role; the roles offered are those the actor may give. */
export function InviteForm({
  companyId,
  actorRole,
  onInvited,
}: {
  companyId: string;
  actorRole: CompanyRole;
  onInvited: (invitation: Invitation) => void;
}) {
  const roles = invitableRoles(actorRole);
  const [fields, setFields] = useState(EMPTY);
  const [role, setRole] = useState<CompanyRole>(roles.includes('creator') ? 'creator' : roles[roles.length - 1]);
  const [missing, setMissing] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const key = useRef<{ body: string; key: string } | null>(null);
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      companyId,
      email: fields.email.trim().toLowerCase(),
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      role,
    };
    const empty = (['email', 'firstName', 'lastName'] as const).filter((f) => !input[f]);
    setMissing(empty);
    setSent(null);
    if (empty.length) return;
    const body = JSON.stringify(input);
    if (key.current?.body !== body) key.current = { body, key: newIdempotencyKey() };
    const idempotencyKey = key.current.key;
    const invitation = await run(() => inviteMember(input, idempotencyKey));
    if (!invitation) return;
    key.current = null;
    setFields(EMPTY);
    setSent(`Invitation sent to ${invitation.email}.`);
    onInvited(invitation);
  }

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <label>
      {label}
      <input
        name={name}
        type={type}
        value={fields[name]}
        maxLength={name === 'email' ? 254 : 100}
        aria-invalid={missing.includes(name) || undefined}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        data-testid={`invite-${name}`}
      />
    </label>
  );

  return (
    <form
      className="co-form co-form--row"
      onSubmit={submit}
      noValidate
      aria-label="Invite a member"
      data-testid="invite-form"
    >
      {field('email', 'Email', 'email')}
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as CompanyRole)} data-testid="invite-role">
          {roles.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" disabled={busy} data-testid="invite-submit">
          {busy ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
      <div style={{ gridColumn: '1 / -1' }} aria-live="polite">
        {missing.length ? (
          <p className="co-error" role="alert">
            Email, first name and last name are required
          </p>
        ) : null}
        <ApiErrorMessage error={error} testId="invite-error" />
        {sent ? (
          <p className="co-ok" data-testid="invite-sent">
            {sent}
          </p>
        ) : null}
      </div>
    </form>
  );
}
