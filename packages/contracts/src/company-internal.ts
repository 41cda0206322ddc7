import { Type, type Static } from '@sinclair/typebox';
import { CompanyRoleSchema } from './admin';
import { IdempotencyKeySchema } from './idempotency';
import { Nullable } from './nullable';
import { strictObject as strict, UuidSchema as Uuid } from './primitives';
import { CompanyNameSchema } from './company';

// Contracts of the company service's internal routes (`/internal/*`, service token only), so the
// services that call them (account's admin area, subscription) read the shapes it serialises with.
// `GET /internal/users/{userId}/companies` answers `MyCompaniesResponse`, `POST …/info` `CompanyInfoResponse`,
// `GET /internal/admin/companies` `AdminCompanyListResponse`, `GET /internal/admin/about` `ProcessAboutResponse`.

/** `GET /internal/admin/companies`: companies whose name contains `q`, or whose id is `q`. */
export const CompanyAdminSearchQuery = Type.Object(
  { q: Type.String({ maxLength: 200 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);

/** `GET /internal/admin/companies/stats` */
export const CompanyCountsAnswer = Type.Object(
  { total: Type.Integer({ minimum: 0 }), newThisWeek: Type.Integer({ minimum: 0 }) },
  strict,
);
export type CompanyCountsAnswer = Static<typeof CompanyCountsAnswer>;

/** `GET /internal/admin/companies/{companyId}`: the company and who is in it (ids and roles only). */
export const CompanyMembersAnswer = Type.Object(
  {
    company: Type.Object({ id: Type.String(), name: Type.String() }, strict),
    members: Type.Array(Type.Object({ userId: Type.String(), role: CompanyRoleSchema }, strict)),
  },
  strict,
);
export type CompanyMembersAnswer = Static<typeof CompanyMembersAnswer>;

/** `POST /internal/admin/companies`: a company created for an owner; answers `CreatedCompanyResponse` (201). */
export const CompanyAdminCreateBody = Type.Object(
  { name: CompanyNameSchema, ownerUserId: Uuid, idempotencyKey: Type.Optional(IdempotencyKeySchema) },
  strict,
);
export type CompanyAdminCreateInput = Static<typeof CompanyAdminCreateBody>;

/** `POST /internal/admin/companies/{companyId}/members`: someone already in the company keeps their role. */
export const CompanyAdminMemberBody = Type.Object({ userId: Uuid, role: CompanyRoleSchema }, strict);
export type CompanyAdminMemberInput = Static<typeof CompanyAdminMemberBody>;
export const AddedMemberAnswer = Type.Object({ role: CompanyRoleSchema, created: Type.Boolean() }, strict);
export type AddedMemberAnswer = Static<typeof AddedMemberAnswer>;

/** `GET /internal/companies/{companyId}/members/{userId}`: the member's role (404 `company_not_found` when none). */
export const MemberRoleAnswer = Type.Object({ role: CompanyRoleSchema }, strict);
export type MemberRoleAnswer = Static<typeof MemberRoleAnswer>;

/** `GET /internal/companies/{companyId}/billing-contacts`: the owners and admins that have an email. */
export const BillingContactsAnswer = Type.Object(
  {
    companyName: Type.String(),
    contacts: Type.Array(Type.Object({ email: Type.String(), firstName: Nullable(Type.String()) }, strict)),
  },
  strict,
);
export type BillingContactsAnswer = Static<typeof BillingContactsAnswer>;
export type BillingContact = BillingContactsAnswer['contacts'][number];

/** `POST /internal/companies/{companyId}/subscription-changed` */
export const SubscriptionChangedAnswer = Type.Object({ ok: Type.Literal(true) }, strict);
