import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyRole, Invitation } from '@tracemap/shell-core';
import { InvitationList } from '.';

const invitation = (email: string, role: CompanyRole, status: Invitation['status']): Invitation => ({
  invitationId: email,
  companyId: 'c1',
  email,
  firstName: 'Sam',
  lastName: 'Lee',
  role,
  status,
  invitedBy: 'o',
  expiresAt: '2030-01-01T00:00:00.000Z',
  lastSentAt: '2029-12-25T00:00:00.000Z',
  createdAt: '2029-12-25T00:00:00.000Z',
});

const render = (actorRole: CompanyRole, list: Invitation[]) =>
  renderToStaticMarkup(
    <InvitationList
      invitations={list}
      actorRole={actorRole}
      busy={false}
      onResend={() => undefined}
      onRevoke={() => undefined}
    />,
  );

describe('InvitationList', () => {
  test('shows pending and expired invitations, not accepted or revoked ones', () => {
    const html = render('owner', [
      invitation('p@example.com', 'creator', 'pending'),
      invitation('e@example.com', 'viewer', 'expired'),
      invitation('a@example.com', 'viewer', 'accepted'),
      invitation('r@example.com', 'viewer', 'revoked'),
    ]);
    expect(html).toContain('p@example.com');
    expect(html).toContain('e@example.com');
    expect(html).not.toContain('a@example.com');
    expect(html).not.toContain('r@example.com');
  });

  test('an expired invitation can be resent but not revoked', () => {
    const html = render('admin', [invitation('e@example.com', 'viewer', 'expired')]);
    expect(html).toContain('invitation-resend');
    expect(html).not.toContain('invitation-revoke');
  });

  test('an admin cannot resend or revoke an owner invitation; an owner can', () => {
    const owners = [invitation('o@example.com', 'owner', 'pending')];
    expect(render('admin', owners)).not.toContain('invitation-resend');
    expect(render('owner', owners)).toContain('invitation-revoke');
  });

  test('nothing pending says so', () => {
    expect(render('owner', [])).toContain('No pending invitations.');
  });
});
