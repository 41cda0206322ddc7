import { Type, type Static } from '@sinclair/typebox';
import { CompanyRoleSchema, PersonNameSchema } from './company';
import { Nullable } from './nullable';
import { literals } from './tracking-plan/model';
import { strictObject as strict, UuidSchema as Uuid, EmailSchema } from './primitives';

// The company service's invitation routes (`/api/company/invite…`, `/api/company/invitations/…`).

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as the company's admins see it (never its token). */
export const InvitationSchema = Type.Object({
  invitationId: Type.String(),
  companyId: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: CompanyRoleSchema,
  status: literals(INVITATION_STATUSES),
  invitedBy: Nullable(Type.String()),
  expiresAt: Type.String(),
  lastSentAt: Type.String(),
  createdAt: Type.String(),
});
export type Invitation = Static<typeof InvitationSchema>;
/** What inviting, resending and revoking answer. */
export const InvitationResponse = Type.Object({ invitation: InvitationSchema });
/** `POST /api/company/get-invitations` (body: the company's id), newest first. */
export const InvitationListResponse = Type.Object({ invitations: Type.Array(InvitationSchema) });

/** `POST /api/company/invite` */
export const InviteBody = Type.Object(
  {
    companyId: Uuid,
    email: EmailSchema,
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
    role: CompanyRoleSchema,
  },
  strict,
);
export type InviteInput = Static<typeof InviteBody>;

/** `PUT` (resend) and `DELETE` (revoke) `/api/company/invite`. */
export const InvitationIdBody = Type.Object({ invitationId: Uuid }, strict);

/** `GET /api/company/invite?invitationId=`: public, what the invitation page shows the invitee. */
export const InvitationQuery = Type.Object({ invitationId: Uuid }, strict);
export const InvitationDetailsSchema = Type.Object({
  invitationId: Type.String(),
  companyId: Type.String(),
  companyName: Nullable(Type.String()),
  inviterName: Nullable(Type.String()),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: CompanyRoleSchema,
  status: Type.Literal('pending'),
  expiresAt: Type.String(),
});
export type InvitationDetails = Static<typeof InvitationDetailsSchema>;
export const InvitationDetailsResponse = Type.Object({ invitation: InvitationDetailsSchema });

/** `POST /api/company/accept-invite`: a signed-in user joins with the invited, verified email. */
export const AcceptInvitationBody = Type.Object(
  { invitationId: Uuid, email: EmailSchema, firstName: PersonNameSchema, lastName: PersonNameSchema },
  strict,
);
export type AcceptInvitationInput = Static<typeof AcceptInvitationBody>;
export const AcceptedInvitationResponse = Type.Object({
  companyId: Type.String(),
  role: CompanyRoleSchema,
  company: Type.Object({ id: Type.String(), name: Nullable(Type.String()) }),
});
export type AcceptedInvitation = Static<typeof AcceptedInvitationResponse>;

/** `POST /api/company/invitations/:invitationId/claim`: public, a new user proves the address with the emailed token. */
export const ClaimInvitationParams = Type.Object({ invitationId: Uuid }, strict);
export const ClaimInvitationBody = Type.Object(
  {
    token: Type.String({ minLength: 16, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    firstName: PersonNameSchema,
    lastName: PersonNameSchema,
  },
  strict,
);
export type ClaimInvitationInput = Static<typeof ClaimInvitationBody>;
export const ClaimedInvitationResponse = Type.Object({
  companyId: Type.String(),
  role: CompanyRoleSchema,
  email: Type.String(),
});
export type ClaimedInvitation = Static<typeof ClaimedInvitationResponse>;
