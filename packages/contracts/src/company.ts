import { Type, type Static } from '@sinclair/typebox';
import { CompanyIdParams, CompanyRoleSchema, UserIdParams } from './admin';
import { CompanySummarySchema } from './company-info';
import { NameCaseSchema } from './company-settings';
import { OptionalNullable } from './nullable';
import { LintSettingsSchema } from './tracking-plan/api';
import { MapEmbedOriginsSchema } from './tracking-plan/map-share';
import { literals } from './tracking-plan/model';
import { APPROVERS } from './proposals';
import { strictObject as strict, UuidSchema as Uuid } from './primitives';

// The company service's companies routes (`/api/company/*`). Request objects refuse fields they do not name.

export { CompanyRoleSchema };
// `/internal/…` routes other services call name a company or a user the way the admin contracts do.
export { CompanyIdParams, UserIdParams };

// Names reach email subjects and tables: `nameText` refuses control and text-direction characters.
export const CompanyNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', nameText: true });
export const PersonNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', nameText: true });

/** Routes that name one company in their body. */
export const CompanyIdBody = Type.Object({ companyId: Uuid }, strict);

/** The internal routes other services call (`/internal/…`): one user of a company, a user named in a body. */
export const CompanyUserParams = Type.Object({ companyId: Uuid, userId: Uuid }, strict);
export const UserIdBody = Type.Object({ userId: Uuid }, strict);

/** `POST /api/company/create` */
export const CreateCompanyBody = Type.Object({ name: CompanyNameSchema }, strict);
export type CreateCompanyInput = Static<typeof CreateCompanyBody>;
/** The creator is the company's first owner. */
export const CreatedCompanyResponse = Type.Object({ company: CompanySummarySchema, role: Type.Literal('owner') });
export type CreatedCompany = Static<typeof CreatedCompanyResponse>;

/** `GET /api/company/mine`: the caller's companies with their role there. */
export const MyCompaniesResponse = Type.Object({
  companies: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: CompanyRoleSchema })),
});

/** `POST /api/company/update-settings`: each setting may be left out or sent as null; either way it stays as it is. */
export const UpdateSettingsBody = Type.Object(
  {
    companyId: Uuid,
    name: OptionalNullable(CompanyNameSchema),
    attributeInheritance: OptionalNullable(Type.Boolean()),
    eventNameCase: OptionalNullable(NameCaseSchema),
    attributeNameCase: OptionalNullable(NameCaseSchema),
    /** Severity per tracking-plan lint rule; replaces the previous set as a whole. */
    lintRules: OptionalNullable(LintSettingsSchema),
    /** Origins (http or https, no path) whose pages may frame map previews; replaces the previous list. */
    mapEmbedOrigins: OptionalNullable(MapEmbedOriginsSchema),
    /** Direct edits of the live plan refused for everyone but owners: changes go through proposals. */
    proposalsRequired: OptionalNullable(Type.Boolean()),
    /** Approvals a proposal needs before it merges (the author's own never counts), and who may give them. */
    approvalsRequired: OptionalNullable(Type.Integer({ minimum: 0, maximum: 3 })),
    approvers: OptionalNullable(literals(APPROVERS)),
  },
  strict,
);
export type UpdateSettingsInput = Static<typeof UpdateSettingsBody>;
export const UpdatedSettingsResponse = Type.Object({ company: CompanySummarySchema });
