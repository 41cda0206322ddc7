import type { CompanyRole, ObjectCounts } from './types';

// Who may do what is one set of rules with the company service, which enforces them.
export {
  assignableRoles,
  canChangeRole,
  canManageInvitation,
  canRemoveMember,
  hasAdminRights,
  hasEditAccess,
  invitableRoles,
  isOwner,
  type MemberRef,
} from '@tracemap/contracts';

export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  creator: 'Creator',
  viewer: 'Viewer',
};

/** A company needs onboarding when any of the attribute, event, view or map counts is zero. */
export function needsOnboarding(counts: ObjectCounts): boolean {
  return counts.attributeCount === 0 || counts.eventCount === 0 || counts.viewCount === 0 || counts.mapCount === 0;
}
