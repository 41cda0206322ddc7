import type { AdminUserSummary } from '@tracemap/contracts';
import type { ProfileRecord } from '../../profile/profile-repository';
import type { AuthUserSummary } from '../clients/auth-admin-api';

/** The identity as auth knows it, with the flags this service keeps (false for someone who never signed in). */
export function toAdminUser(user: AuthUserSummary, profile: ProfileRecord | undefined): AdminUserSummary {
  return {
    ...user,
    firstName: profile?.firstName || user.firstName,
    lastName: profile?.lastName || user.lastName,
    anamapAdmin: profile?.anamapAdmin ?? false,
    passwordResetRequired: profile?.passwordResetRequired ?? false,
  };
}
