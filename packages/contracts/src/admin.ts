import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from './nullable';
import { HttpUrl } from './http-url';
import { COMPANY_ROLES } from './company-roles';
import { EMAIL_SOURCES, SUPPORT_STATUSES } from './admin-vocabulary';
import { RoadmapStatusSchema } from './roadmap';
import { strictObject as strict, UuidSchema as Uuid, EmailSchema as Email } from './primitives';

// Contracts of the product-admin API (`/api/account/admin/*`, product admins only) and of the
// support messages (`/api/support/*`, anyone). Dates are ISO 8601 strings.

const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 200 }));
export const CompanyRoleSchema = Type.Union(COMPANY_ROLES.map((r) => Type.Literal(r)));

// ——— Support messages ———
export const SupportStatusSchema = Type.Union(SUPPORT_STATUSES.map((s) => Type.Literal(s)));
export const BUG_TYPES = ['broken', 'wrong_data', 'slow', 'other'] as const;

export const BugReportBody = Type.Object(
  {
    bugType: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.String({ minLength: 1, maxLength: 10000 }),
    bugUrl: OptionalNullable(HttpUrl),
    submissionUrl: OptionalNullable(HttpUrl),
    companyId: OptionalNullable(Type.String({ maxLength: 100 })),
    mapId: OptionalNullable(Type.String({ maxLength: 100 })),
    userAgent: OptionalNullable(Type.String({ maxLength: 1024 })),
  },
  strict,
);
export type BugReportInput = Static<typeof BugReportBody>;
export const FeedbackBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: 10000 }) }, strict);
export type FeedbackInput = Static<typeof FeedbackBody>;

export const AdminBugReportSchema = Type.Object({
  id: Uuid,
  userId: Nullable(Type.String()),
  userEmail: Nullable(Type.String()),
  bugType: Type.String(),
  description: Type.String(),
  bugUrl: Nullable(Type.String()),
  submissionUrl: Nullable(Type.String()),
  companyId: Nullable(Type.String()),
  mapId: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  status: SupportStatusSchema,
  createdAt: Type.String(),
});
export type AdminBugReport = Static<typeof AdminBugReportSchema>;
export const AdminFeedbackSchema = Type.Object({
  id: Uuid,
  userId: Nullable(Type.String()),
  userEmail: Nullable(Type.String()),
  text: Type.String(),
  status: SupportStatusSchema,
  createdAt: Type.String(),
});
export type AdminFeedback = Static<typeof AdminFeedbackSchema>;
export const AdminSupportResponse = Type.Object({
  bugReports: Type.Array(AdminBugReportSchema),
  feedback: Type.Array(AdminFeedbackSchema),
});
export type AdminSupportAnswer = Static<typeof AdminSupportResponse>;
export const SupportListQuery = Type.Object({ status: Type.Optional(SupportStatusSchema), limit: Limit }, strict);
export const SupportStatusBody = Type.Object({ status: SupportStatusSchema }, strict);
export const SupportMessageParams = Type.Object(
  { kind: Type.Union([Type.Literal('bug-reports'), Type.Literal('feedback')]), id: Uuid },
  strict,
);
/** What a 204 answer has: no body. */
export const NoContentResponse = Type.Null();

// ——— Users ———
export const AdminUserSummarySchema = Type.Object({
  id: Uuid,
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  firstName: Type.String(),
  lastName: Type.String(),
  createdAt: Type.String(),
  lastSignInAt: Nullable(Type.String()),
  invited: Type.Boolean(),
  anamapAdmin: Type.Boolean(),
  passwordResetRequired: Type.Boolean(),
});
export type AdminUserSummary = Static<typeof AdminUserSummarySchema>;
export const AdminSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 320 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  strict,
);
export const AdminUserListResponse = Type.Object({ users: Type.Array(AdminUserSummarySchema) });
export const AdminUserCompanySchema = Type.Object({ id: Type.String(), name: Type.String(), role: Type.String() });
export const AdminUserDetailResponse = Type.Object({
  user: AdminUserSummarySchema,
  /** null when the company service did not answer. */
  companies: Nullable(Type.Array(AdminUserCompanySchema)),
});
export type AdminUserDetail = Static<typeof AdminUserDetailResponse>;
export const UserIdParams = Type.Object({ userId: Uuid }, strict);
export const FlagBody = Type.Object({ value: Type.Boolean() }, strict);
export const AdminCreateUserBody = Type.Object(
  {
    email: Email,
    firstName: OptionalNullable(Type.String({ maxLength: 100 })),
    lastName: OptionalNullable(Type.String({ maxLength: 100 })),
    companyId: OptionalNullable(Uuid),
    role: OptionalNullable(CompanyRoleSchema),
  },
  strict,
);
export type AdminCreateUserInput = Static<typeof AdminCreateUserBody>;
export const AdminCreateUserResponse = Type.Object({
  userId: Uuid,
  email: Type.String(),
  invited: Type.Boolean(),
  companyRole: Nullable(Type.String()),
});
export const AdminActionResponse = Type.Object({ ok: Type.Literal(true), message: Type.String() });
export type AdminActionAnswer = Static<typeof AdminActionResponse>;

// ——— Companies ———
export const AdminCompanySummarySchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  createdAt: Type.String(),
  memberCount: Type.Integer(),
});
export type AdminCompanySummary = Static<typeof AdminCompanySummarySchema>;
export const AdminCompanyListResponse = Type.Object({ companies: Type.Array(AdminCompanySummarySchema) });
export const CompanyIdParams = Type.Object({ companyId: Uuid }, strict);
export const AdminCompanyDetailResponse = Type.Object({
  company: Type.Object({ id: Uuid, name: Type.String() }),
  members: Type.Array(
    Type.Object({ userId: Uuid, email: Nullable(Type.String()), name: Type.String(), role: Type.String() }),
  ),
  /** null: no subscription, or the subscription service did not answer (see subscriptionUnavailable). */
  subscription: Nullable(
    Type.Object({
      status: Type.String(),
      planName: Nullable(Type.String()),
      currentPeriodEnd: Nullable(Type.String()),
    }),
  ),
  subscriptionUnavailable: Type.Boolean(),
});
export type AdminCompanyDetail = Static<typeof AdminCompanyDetailResponse>;
export const AdminCreateCompanyBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }), ownerEmail: Email },
  strict,
);
export type AdminCreateCompanyInput = Static<typeof AdminCreateCompanyBody>;
export const AdminCreateCompanyResponse = Type.Object({
  companyId: Uuid,
  name: Type.String(),
  ownerUserId: Uuid,
  ownerInvited: Type.Boolean(),
});

// ——— Emails (every service's outbox) ———
export const EmailSourceSchema = Type.Union(EMAIL_SOURCES.map((s) => Type.Literal(s)));
export const EmailStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export const AdminEmailSummarySchema = Type.Object({
  source: EmailSourceSchema,
  id: Uuid,
  template: Type.String(),
  to: Type.String(),
  status: EmailStatusSchema,
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  nextAttemptAt: Type.String(),
  resentAs: Nullable(Type.String()),
  resendOf: Nullable(Type.String()),
});
export type AdminEmailSummary = Static<typeof AdminEmailSummarySchema>;
export const AdminEmailQuery = Type.Object(
  {
    recipient: Type.Optional(Type.String({ maxLength: 320 })),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(EmailStatusSchema),
    limit: Limit,
  },
  strict,
);
export const AdminEmailListResponse = Type.Object({
  emails: Type.Array(AdminEmailSummarySchema),
  unavailable: Type.Array(EmailSourceSchema),
});
export type AdminEmailList = Static<typeof AdminEmailListResponse>;
export const EmailParams = Type.Object({ source: EmailSourceSchema, id: Uuid }, strict);
export const AdminEmailDetailSchema = Type.Composite([
  AdminEmailSummarySchema,
  Type.Object({ messageId: Nullable(Type.String()), subject: Type.String(), text: Type.String(), html: Type.String() }),
]);
export type AdminEmailDetail = Static<typeof AdminEmailDetailSchema>;
export const AdminResendResponse = Type.Object({
  outcome: Type.Union([Type.Literal('queued'), Type.Literal('already_resent')]),
  id: Uuid,
});
export type AdminResendAnswer = Static<typeof AdminResendResponse>;
export const TestEmailBody = Type.Object({ to: Email }, strict);

// ——— Roadmap (admin side) ———
export const AdminRoadmapItemSchema = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: Type.String(),
  status: RoadmapStatusSchema,
  position: Type.Integer(),
  published: Type.Boolean(),
  updatedAt: Type.String(),
});
export type AdminRoadmapItem = Static<typeof AdminRoadmapItemSchema>;
export const AdminRoadmapListResponse = Type.Object({ items: Type.Array(AdminRoadmapItemSchema) });
const RoadmapTitle = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const roadmapItemFields = {
  description: OptionalNullable(Type.String({ maxLength: 20000 })),
  status: OptionalNullable(RoadmapStatusSchema),
  published: OptionalNullable(Type.Boolean()),
};
export const RoadmapItemBody = Type.Object({ title: RoadmapTitle, ...roadmapItemFields }, strict);
export type RoadmapItemInput = Static<typeof RoadmapItemBody>;
export const RoadmapItemPatch = Type.Object({ title: OptionalNullable(RoadmapTitle), ...roadmapItemFields }, strict);
export type RoadmapItemChanges = Static<typeof RoadmapItemPatch>;
export const RoadmapItemParams = Type.Object({ id: Uuid }, strict);
export const RoadmapOrderBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }) },
  strict,
);

// ——— Audit log ———
export const AdminAuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actorUserId: Uuid,
  actorEmail: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
});
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;
export const AdminAuditResponse = Type.Object({ entries: Type.Array(AdminAuditEntrySchema) });
export const AuditQuery = Type.Object({ limit: Limit }, strict);

// ——— Overview ———
export const AdminOverviewResponse = Type.Object({
  /** Each part is null when the service that owns it did not answer. */
  users: Nullable(
    Type.Object({
      total: Type.Integer(),
      confirmed: Type.Integer(),
      newThisWeek: Type.Integer(),
      dailySignups: Type.Array(Type.Integer()),
    }),
  ),
  companies: Nullable(Type.Object({ total: Type.Integer(), newThisWeek: Type.Integer() })),
  subscriptions: Nullable(Type.Record(Type.String(), Type.Integer())),
  emails: Type.Object({
    queued: Type.Integer(),
    sent: Type.Integer(),
    failed: Type.Integer(),
    hourly: Type.Array(Type.Integer()),
    unavailable: Type.Array(EmailSourceSchema),
  }),
  openBugReports: Type.Integer(),
  recentBugReports: Type.Array(AdminBugReportSchema),
  recentFeedback: Type.Array(AdminFeedbackSchema),
  recentLeads: Type.Array(
    Type.Object({ id: Uuid, data: Type.Record(Type.String(), Type.Unknown()), createdAt: Type.String() }),
  ),
  recentAudit: Type.Array(AdminAuditEntrySchema),
});
export type AdminOverview = Static<typeof AdminOverviewResponse>;

// ——— Debug ———
export const ServiceHealthSchema = Type.Object({
  name: Type.String(),
  health: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  ready: Type.Union([Type.Literal('ready'), Type.Literal('not_ready'), Type.Literal('down')]),
  version: Nullable(Type.String()),
  uptimeSeconds: Nullable(Type.Number()),
  latencyMs: Nullable(Type.Integer()),
});
export type ServiceHealth = Static<typeof ServiceHealthSchema>;
export const AdminServicesResponse = Type.Object({ services: Type.Array(ServiceHealthSchema) });
export type AdminServicesAnswer = Static<typeof AdminServicesResponse>;
