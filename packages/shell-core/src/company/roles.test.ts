import * as rules from '@tracemap/contracts';
import {
  assignableRoles,
  canChangeRole,
  canManageInvitation,
  canRemoveMember,
  hasAdminRights,
  hasEditAccess,
  invitableRoles,
  isOwner,
  needsOnboarding,
} from './roles';

test('the pages use the same role rules as the company service', () => {
  const used = {
    assignableRoles,
    canChangeRole,
    canManageInvitation,
    canRemoveMember,
    hasAdminRights,
    hasEditAccess,
    invitableRoles,
    isOwner,
  };
  for (const [name, rule] of Object.entries(used)) expect(rule).toBe(rules[name as keyof typeof used]);
});

test('onboarding when any object count is zero', () => {
  expect(needsOnboarding({ attributeCount: 1, eventCount: 1, viewCount: 1, mapCount: 1 })).toBe(false);
  expect(needsOnboarding({ attributeCount: 1, eventCount: 0, viewCount: 1, mapCount: 1 })).toBe(true);
  expect(needsOnboarding({ attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 })).toBe(true);
});
