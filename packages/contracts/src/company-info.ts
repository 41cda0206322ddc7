import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';
import { COMPANY_ROLES } from './company-roles';
import { NameCaseSchema } from './company-settings';
import { CompanySubscriptionSchema } from './subscription';
import { LintSettingsSchema } from './tracking-plan/api';
import { MapEmbedOriginsSchema } from './tracking-plan/map-share';
import { literals } from './tracking-plan/model';
import { APPROVERS } from './proposals';

/**
 * Parts of company info that may be a fallback because another service did
 * not answer: `subscription` (billing: the null is not "no subscription") and
 * `profiles` (account: members' names and emails are null, not unknown).
 */
export const COMPANY_INFO_DEGRADED_PARTS = ['subscription', 'profiles'] as const;
export type CompanyInfoDegradedPart = (typeof COMPANY_INFO_DEGRADED_PARTS)[number];

export const CompanySettingsSchema = Type.Object({
  attributeInheritance: Type.Boolean(),
  eventNameCase: NameCaseSchema,
  attributeNameCase: NameCaseSchema,
  /** Present once a company sets a severity. */
  lintRules: Type.Optional(LintSettingsSchema),
  /** Present once a company names origins that may frame its map previews. */
  mapEmbedOrigins: Type.Optional(MapEmbedOriginsSchema),
  /** Present once set: direct edits of the live plan are refused (owners excepted); changes go through proposals. */
  proposalsRequired: Type.Optional(Type.Boolean()),
  /** Present once set: approvals a proposal needs before it merges (0–3), and who may give them. */
  approvalsRequired: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  approvers: Type.Optional(literals(APPROVERS)),
});

/** A company as its members see it: what creating it and changing its settings answer, and part of company info. */
export const CompanySummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  settings: CompanySettingsSchema,
});
export type CompanySummary = Static<typeof CompanySummarySchema>;

/** `POST /api/company/info`: what a member sees of a company; `role` is the caller's own. */
export const CompanyInfoResponse = Type.Object({
  role: literals(COMPANY_ROLES),
  users: Type.Array(
    Type.Object({
      id: Type.String(),
      role: literals(COMPANY_ROLES),
      firstName: Nullable(Type.String()),
      lastName: Nullable(Type.String()),
      email: Nullable(Type.String()),
    }),
  ),
  /** null: the company has no subscription — unless `degraded` names `subscription`. */
  subscription: Nullable(CompanySubscriptionSchema),
  /** Archived items are not counted. */
  objectCounts: Type.Object({
    attributeCount: Type.Integer(),
    eventCount: Type.Integer(),
    viewCount: Type.Integer(),
    mapCount: Type.Integer(),
  }),
  attributeInheritance: Type.Boolean(),
  lastSync: Nullable(Type.String()),
  company: CompanySummarySchema,
  /** Present only when a part is a fallback; clients must not read those parts as facts. */
  degraded: Type.Optional(Type.Array(literals(COMPANY_INFO_DEGRADED_PARTS))),
});
export type CompanyInfoAnswer = Static<typeof CompanyInfoResponse>;
