import { assignableRoles, canManageInvitation, canRemoveMember, invitableRoles } from '@tracemap/contracts';
import {
  keepsAnOwner,
  mayAssignRole,
  mayInviteAs,
  mayManageMembers,
  mayRemoveMember,
  refusalError,
  requireAllowed,
  ROLES,
  type Member,
  type Role,
  type RoleRefusal,
} from '../../src/core/roles';

const member = (userId: string, role: Role): Member => ({ userId, role });
const owner = member('owner', 'owner');
const secondOwner = member('owner-2', 'owner');
const admin = member('admin', 'admin');
const creator = member('creator', 'creator');
const viewer = member('viewer', 'viewer');
const oneOwner = [owner, admin, creator, viewer];
const twoOwners = [...oneOwner, secondOwner];

describe('the answers of the refusals', () => {
  test.each<[RoleRefusal, number, string, string]>([
    ['forbidden', 403, 'forbidden', 'You do not have permission to do this.'],
    ['no_self_upgrade', 403, 'forbidden', 'You cannot raise your own role.'],
    ['owner_only_by_owner', 403, 'forbidden', 'Only an owner can make someone an owner or change an owner.'],
    ['owner_invite_only_by_owner', 403, 'forbidden', 'Only an owner can invite an owner.'],
    ['last_owner', 409, 'last_owner', 'A company must keep at least one owner.'],
  ])('%s answers %i %s', (refusal, statusCode, code, message) => {
    expect(refusalError(refusal)).toMatchObject({ statusCode, code, message });
  });

  test('requireAllowed passes an allowed decision and throws the refusal of any other', () => {
    expect(() => requireAllowed('allowed')).not.toThrow();
    expect(() => requireAllowed('last_owner')).toThrow('A company must keep at least one owner.');
  });
});

describe('managing members', () => {
  test('needs admin rights', () => {
    expect(ROLES.map((role) => [role, mayManageMembers(role)])).toEqual([
      ['owner', 'allowed'],
      ['admin', 'allowed'],
      ['creator', 'forbidden'],
      ['viewer', 'forbidden'],
    ]);
  });
});

describe('mayAssignRole', () => {
  test.each<[string, Member, Member, Role, readonly Member[], string]>([
    ['an owner makes an admin owner', owner, admin, 'owner', oneOwner, 'allowed'],
    ['an owner lowers an admin to viewer', owner, admin, 'viewer', oneOwner, 'allowed'],
    ['an admin raises a viewer to admin', admin, viewer, 'admin', oneOwner, 'allowed'],
    ['an admin lowers their own role', admin, admin, 'viewer', oneOwner, 'allowed'],
    ['an owner steps down while another owner stays', owner, owner, 'admin', twoOwners, 'allowed'],
    ['a creator changes a viewer', creator, viewer, 'creator', oneOwner, 'forbidden'],
    ['a creator gives a viewer the role it has', creator, viewer, 'viewer', oneOwner, 'forbidden'],
    ['an admin gives an owner the role it has (nothing changes)', admin, owner, 'owner', oneOwner, 'allowed'],
    ['an admin raises their own role to owner', admin, admin, 'owner', oneOwner, 'no_self_upgrade'],
    ['an admin makes a creator owner', admin, creator, 'owner', oneOwner, 'owner_only_by_owner'],
    ['an admin lowers an owner', admin, owner, 'admin', twoOwners, 'owner_only_by_owner'],
    ['the last owner steps down', owner, owner, 'admin', oneOwner, 'last_owner'],
    ['an owner lowers the other owner', owner, secondOwner, 'viewer', twoOwners, 'allowed'],
  ])('%s: %s', (_case, actor, target, newRole, members, expected) => {
    expect(mayAssignRole(actor, target, newRole, members)).toBe(expected);
  });

  test('allows a change exactly when the pages offer that role (with owners to spare)', () => {
    const disagreements: string[] = [];
    for (const actorRole of ROLES) {
      for (const targetRole of ROLES) {
        for (const self of [false, true]) {
          const actor = member('actor', actorRole);
          const target = self ? actor : member('target', targetRole);
          if (self && targetRole !== actorRole) continue;
          const members = [actor, target, secondOwner];
          for (const newRole of ROLES.filter((r) => r !== target.role)) {
            const service = mayAssignRole(actor, target, newRole, members) === 'allowed';
            const pages = assignableRoles(actor, target).includes(newRole);
            if (service !== pages) disagreements.push(`${actorRole} ${self ? 'self' : targetRole} → ${newRole}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('mayRemoveMember', () => {
  test.each<[string, Member, Member, readonly Member[], string]>([
    ['a viewer leaves', viewer, viewer, oneOwner, 'allowed'],
    ['an owner leaves while another owner stays', owner, owner, twoOwners, 'allowed'],
    ['the last owner leaves', owner, owner, oneOwner, 'last_owner'],
    ['an admin removes a creator', admin, creator, oneOwner, 'allowed'],
    ['a creator removes a viewer', creator, viewer, oneOwner, 'forbidden'],
    ['an admin removes an owner', admin, secondOwner, twoOwners, 'owner_only_by_owner'],
    ['an owner removes the other owner', owner, secondOwner, twoOwners, 'allowed'],
  ])('%s: %s', (_case, actor, target, members, expected) => {
    expect(mayRemoveMember(actor, target, members)).toBe(expected);
  });

  test('allows removing someone else exactly when the pages offer it', () => {
    const disagreements: string[] = [];
    for (const actorRole of ROLES) {
      for (const targetRole of ROLES) {
        const actor = member('actor', actorRole);
        const target = member('target', targetRole);
        const service = mayRemoveMember(actor, target, [actor, target, secondOwner]) === 'allowed';
        if (service !== canRemoveMember(actor, target)) disagreements.push(`${actorRole} removes ${targetRole}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('keepsAnOwner', () => {
  test('only the last owner is held back, and only from leaving the owners', () => {
    expect(keepsAnOwner(oneOwner, owner, 'admin')).toBe('last_owner');
    expect(keepsAnOwner(oneOwner, owner, null)).toBe('last_owner');
    expect(keepsAnOwner(oneOwner, owner, 'owner')).toBe('allowed');
    expect(keepsAnOwner(twoOwners, owner, null)).toBe('allowed');
    expect(keepsAnOwner(oneOwner, admin, null)).toBe('allowed');
  });
});

describe('mayInviteAs', () => {
  test('only an owner invites as owner, or resends and revokes an owner invitation', () => {
    expect(mayInviteAs('owner', 'owner')).toBe('allowed');
    expect(mayInviteAs('admin', 'owner')).toBe('owner_invite_only_by_owner');
    expect(mayInviteAs('admin', 'admin')).toBe('allowed');
    expect(mayInviteAs('creator', 'viewer')).toBe('forbidden');
  });

  test('allows exactly the roles the pages offer to invite, resend and revoke', () => {
    const disagreements: string[] = [];
    for (const actor of ROLES) {
      for (const role of ROLES) {
        const service = mayInviteAs(actor, role) === 'allowed';
        if (service !== invitableRoles(actor).includes(role)) disagreements.push(`${actor} invites ${role}`);
        if (service !== canManageInvitation(actor, role)) disagreements.push(`${actor} manages ${role}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
