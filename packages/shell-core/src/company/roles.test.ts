import { assignableRoles, canChangeRole, canManageInvitation, canRemoveMember, hasAdminRights, hasEditAccess, invitableRoles, isOwner, needsOnboarding } from './roles';

const owner = { userId: 'o', role: 'owner' as const };
const owner2 = { userId: 'o2', role: 'owner' as const };
const admin = { userId: 'a', role: 'admin' as const };
const admin2 = { userId: 'a2', role: 'admin' as const };
const creator = { userId: 'c', role: 'creator' as const };
const viewer = { userId: 'v', role: 'viewer' as const };

describe('role rights', () => {
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

  test('onboarding when any object count is zero', () => {
    expect(needsOnboarding({ attributeCount: 1, eventCount: 1, viewCount: 1, mapCount: 1 })).toBe(false);
    expect(needsOnboarding({ attributeCount: 1, eventCount: 0, viewCount: 1, mapCount: 1 })).toBe(true);
    expect(needsOnboarding({ attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 })).toBe(true);
  });
});
