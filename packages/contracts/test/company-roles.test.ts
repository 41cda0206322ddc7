import {
  assignableRoles,
  canChangeRole,
  canManageInvitation,
  canRemoveMember,
  COMPANY_ROLES,
  hasAccess,
  hasAdminRights,
  hasEditAccess,
  invitableRoles,
  isOwner,
  roleRank,
} from '../src';

const owner = { userId: 'o', role: 'owner' as const };
const owner2 = { userId: 'o2', role: 'owner' as const };
const admin = { userId: 'a', role: 'admin' as const };
const admin2 = { userId: 'a2', role: 'admin' as const };
const creator = { userId: 'c', role: 'creator' as const };
const viewer = { userId: 'v', role: 'viewer' as const };

describe('role rights', () => {
  test('ranks run viewer < creator < admin < owner; access asks for a least rank', () => {
    expect(COMPANY_ROLES.map(roleRank)).toEqual([4, 3, 2, 1]);
    expect(COMPANY_ROLES.filter((r) => hasAccess(r, 'member'))).toEqual(['owner', 'admin', 'creator', 'viewer']);
    expect(COMPANY_ROLES.filter((r) => hasAccess(r, 'edit'))).toEqual(['owner', 'admin', 'creator']);
    expect(COMPANY_ROLES.filter((r) => hasAccess(r, 'admin'))).toEqual(['owner', 'admin']);
    expect(COMPANY_ROLES.filter((r) => hasAccess(r, 'owner'))).toEqual(['owner']);
    expect(hasAccess(null, 'member')).toBe(false);
  });

  test('admin rights are owner or admin; owner-only is owner; edit is creator and up', () => {
    expect([owner, admin, creator, viewer].map((m) => hasAdminRights(m.role))).toEqual([true, true, false, false]);
    expect([owner, admin, creator, viewer].map((m) => isOwner(m.role))).toEqual([true, false, false, false]);
    expect([owner, admin, creator, viewer].map((m) => hasEditAccess(m.role))).toEqual([true, true, true, false]);
    expect(hasAdminRights(undefined)).toBe(false);
  });

  test('only owners invite owners; creators and viewers invite nobody', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'creator', 'viewer']);
    expect(invitableRoles('admin')).toEqual(['admin', 'creator', 'viewer']);
    expect(invitableRoles('creator')).toEqual([]);
    expect(invitableRoles('viewer')).toEqual([]);
  });

  test('an owner may give any other role to anyone, including other owners', () => {
    expect(assignableRoles(owner, creator)).toEqual(['owner', 'admin', 'viewer']);
    expect(assignableRoles(owner, owner2)).toEqual(['admin', 'creator', 'viewer']);
  });

  test('an admin cannot promote to owner nor touch an owner', () => {
    expect(assignableRoles(admin, creator)).toEqual(['admin', 'viewer']);
    expect(assignableRoles(admin, owner)).toEqual([]);
    expect(canChangeRole(admin, owner)).toBe(false);
    expect(canRemoveMember(admin, owner)).toBe(false);
    expect(canRemoveMember(admin, admin2)).toBe(true);
  });

  test('nobody upgrades themselves, but may step down', () => {
    expect(assignableRoles(admin, admin)).toEqual(['creator', 'viewer']);
    expect(assignableRoles(owner, owner)).toEqual(['admin', 'creator', 'viewer']);
    expect(assignableRoles(creator, creator)).toEqual([]);
  });

  test('creators and viewers get no member actions; nobody removes themselves from this list', () => {
    expect(canChangeRole(creator, viewer)).toBe(false);
    expect(canRemoveMember(creator, viewer)).toBe(false);
    expect(canRemoveMember(viewer, creator)).toBe(false);
    expect(canRemoveMember(owner, owner)).toBe(false);
    expect(canRemoveMember(owner, owner2)).toBe(true);
  });

  test('invitations: admin rights to resend/revoke, owner invitations only by owners', () => {
    expect(canManageInvitation('admin', 'creator')).toBe(true);
    expect(canManageInvitation('admin', 'owner')).toBe(false);
    expect(canManageInvitation('owner', 'owner')).toBe(true);
    expect(canManageInvitation('creator', 'viewer')).toBe(false);
  });
});
