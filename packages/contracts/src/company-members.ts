import { Type, type Static } from '@sinclair/typebox';
import { CompanyRoleSchema } from './company';
import { strictObject as strict, UuidSchema as Uuid } from './primitives';

// The company service's member routes (`/api/company/permissions`).

/** `PATCH /api/company/permissions`: give a member another role. */
export const ChangeRoleBody = Type.Object({ companyId: Uuid, userId: Uuid, role: CompanyRoleSchema }, strict);
export type ChangeRoleInput = Static<typeof ChangeRoleBody>;
export const ChangedRoleResponse = Type.Object({
  member: Type.Object({ userId: Type.String(), role: CompanyRoleSchema }),
});
export type ChangedRole = Static<typeof ChangedRoleResponse>;

/** `DELETE /api/company/permissions`: remove a member, or leave (the caller's own id). */
export const RemoveMemberBody = Type.Object({ companyId: Uuid, userId: Uuid }, strict);
export const RemovedMemberResponse = Type.Object({
  removed: Type.Object({ companyId: Type.String(), userId: Type.String() }),
});
