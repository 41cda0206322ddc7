import type { CompanyRole } from '@tracemap/contracts';
import { hasAdminRights, hasEditAccess } from '@tracemap/shell-core/roles';

export interface DiscoveryPermissions {
  /** Acknowledge, ignore, reopen, add to plan; start example traffic; upload and cancel runs. */
  triage: boolean;
  /** Create sources and see their collector URL. */
  manageSources: boolean;
}

/** Viewers read; creators, admins and owners triage; admins and owners manage sources. The service enforces the same. */
export function discoveryPermissions(role: CompanyRole): DiscoveryPermissions {
  return { triage: hasEditAccess(role), manageSources: hasAdminRights(role) };
}
