import type { Static, TSchema } from '@sinclair/typebox';
import { PlanSnapshotSchema, type PlanSnapshot } from './plan-snapshot';

/**
 * A peer call that may send headers (the service kit's internal client is
 * one); a non-2xx answer is thrown as an error carrying its `statusCode`.
 */
export type HeaderedCall = <S extends TSchema>(
  path: string,
  options: { requestId?: string; headers?: Record<string, string>; answer: S },
) => Promise<Static<S>>;

export type PlanSnapshotRead = { status: 'changed'; snapshot: PlanSnapshot } | { status: 'unchanged' };

/**
 * The company service's `GET /internal/companies/{companyId}/plan-snapshot`.
 * With the version the caller keeps, an unchanged plan answers 304 and no body.
 */
export function planSnapshotClient(call: HeaderedCall) {
  return {
    async planSnapshot(
      companyId: string,
      options: { knownVersion?: string; requestId?: string } = {},
    ): Promise<PlanSnapshotRead> {
      try {
        const snapshot = await call(`/internal/companies/${encodeURIComponent(companyId)}/plan-snapshot`, {
          requestId: options.requestId,
          headers: options.knownVersion ? { 'if-none-match': `"${options.knownVersion}"` } : {},
          answer: PlanSnapshotSchema,
        });
        return { status: 'changed', snapshot };
      } catch (error) {
        if ((error as { statusCode?: unknown }).statusCode === 304) return { status: 'unchanged' };
        throw error;
      }
    },
  };
}
export type PlanSnapshotClient = ReturnType<typeof planSnapshotClient>;

/**
 * Where the company service announces changes, for services that keep its answers
 * (PostgreSQL notifications; payloads are space-separated tags): plan changes as
 * `plan:<companyId>`, membership changes as `member:<companyId>:<userId>` and `company:<companyId>`.
 */
export const COMPANY_PLAN_EVENTS_CHANNEL = 'company_plan_events';
export const COMPANY_MEMBERSHIP_EVENTS_CHANNEL = 'company_membership_events';
