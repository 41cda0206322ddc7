import { Type, type Static } from '@sinclair/typebox';
import { COMPANY_ROLES } from './company-roles';
import { strictObject as strict, UuidSchema as Uuid, EmailSchema as Email } from './primitives';

// Contracts of the account service: its public routes (`/api/account/*`), and the internal ones
// other services call (`/internal/profiles/*`, `/internal/users/*`, service token only).

/** Company roles from the highest to the lowest (viewer is the lower role). */
const CompanyRoleLiterals = Type.Union(COMPANY_ROLES.map((r) => Type.Literal(r)));

/** One entry of the user's `companyPermissions`. */
export const CompanyPermissionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: CompanyRoleLiterals,
});
export type CompanyPermission = Static<typeof CompanyPermissionSchema>;

/**
 * Parts of a sync answer that may come from a fallback because the service that owns them
 * did not answer: `companyPermissions` (company service down: the user's last known list, or
 * an empty one if none is known) and `email` (auth down: email and confirmation as last stored).
 */
export const ACCOUNT_DEGRADED_PARTS = ['companyPermissions', 'email'] as const;
export type AccountDegradedPart = (typeof ACCOUNT_DEGRADED_PARTS)[number];

/** `GET /api/account/sync`: the user record plus the names the account page shows. */
export const AccountUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  trialUsed: Type.Boolean(),
  anamap_admin: Type.Boolean(),
  passwordResetRequired: Type.Boolean(),
  companyPermissions: Type.Array(CompanyPermissionSchema),
  firstName: Type.String(),
  lastName: Type.String(),
  /**
   * Present only when part of the answer is a fallback: those parts must not be read as
   * facts (an empty companyPermissions here does not mean "no company"). Clients retry.
   */
  degraded: Type.Optional(Type.Array(Type.Union(ACCOUNT_DEGRADED_PARTS.map((p) => Type.Literal(p))))),
});
export type AccountUser = Static<typeof AccountUserSchema>;
/** What a route answers instead of its usual body (`205 password_reset_required` on sync). */
export const AccountNoticeSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});
export const SyncQuery = Type.Object({}, strict);

// ——— Public routes ———
/** already-registered, forgot-password and verify-email take one address. */
export const AccountEmailBody = Type.Object({ email: Email }, strict);
export const AccountMessageResponse = Type.Object({ message: Type.String() });
export const ResetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 512 }),
    newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    logoutDevices: Type.Boolean({ default: true }),
  },
  strict,
);
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;
export const VerifyEmailResponse = Type.Object({ email: Type.String(), emailConfirmed: Type.Literal(true) });
/** `POST /api/account/revoke-sessions` takes no payload: a bodiless POST is the same as `{}`. */
export const EmptyBody = Type.Object({}, strict);
export const RevokeSessionsResponse = Type.Object({ revoked: Type.Literal(true) });
// Names reach email greetings and tables: `nameText` refuses control and text-direction characters.
const ProfileName = Type.String({ maxLength: 100, nameText: true });
export const UpdateNameBody = Type.Object({ firstName: ProfileName, lastName: ProfileName }, strict);
export type UpdateNameInput = Static<typeof UpdateNameBody>;
export const UpdateNameResponse = Type.Object({ firstName: Type.String(), lastName: Type.String() });
// Lead forms differ per page: keys are free but bounded in number and size; values are form text.
export const LeadBody = Type.Object(
  {
    leadData: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), Type.String({ maxLength: 2000 }), {
      minProperties: 1,
      maxProperties: 40,
      additionalProperties: false,
    }),
  },
  strict,
);
/** What a stored lead, bug report or feedback message answers. */
export const CreatedResponse = Type.Object({ id: Type.String() });
/** `POST /api/account/admins`: the older form of granting product admin. */
export const SetAdminBody = Type.Object({ userId: Uuid, admin: Type.Boolean() }, strict);
export const SetAdminResponse = Type.Object({ userId: Uuid, anamap_admin: Type.Boolean() });

// ——— Internal routes ———
/** A user as other services see them: names and email, by user id. */
export const ProfileSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});
export type Profile = Static<typeof ProfileSchema>;
export const ProfilesLookupBody = Type.Object({ ids: Type.Array(Uuid, { maxItems: 500 }) }, strict);
export const ProfilesLookupResponse = Type.Object({ profiles: Type.Array(ProfileSchema) });
export type ProfilesLookupAnswer = Static<typeof ProfilesLookupResponse>;
export const ProfileUserParams = Type.Object({ userId: Uuid }, strict);
export const ProductAdminResponse = Type.Object({ anamapAdmin: Type.Boolean() });
export const TrialUsedResponse = Type.Object({ trialUsed: Type.Literal(true), alreadyUsed: Type.Boolean() });
export type TrialUsedAnswer = Static<typeof TrialUsedResponse>;
