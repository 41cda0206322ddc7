import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyDeps } from '../../core/deps';
import { tenantRead } from '../../core/tenant';
import type { ProposalStatus } from '@tracemap/contracts';
import { PROPOSAL_BY_ID } from './proposal-repository';
import { proposalClosed, proposalNotFound, proposalRequired } from './proposal-errors';
import { isOpen } from './proposal-rules';

/** A field of the query string as its route's schema validated it (this gate serves many routes). */
function queryField(request: FastifyRequest, field: 'proposal' | 'dryRun'): unknown {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null ? Object.getOwnPropertyDescriptor(query, field)?.value : undefined;
}

/**
 * Runs after the access gate: with `?proposal=` the request acts on the
 * proposal's workspace instead of the live plan (the same use cases, another
 * company id), reading any proposal of the company and writing only open
 * ones. Without it, a write to the live plan is refused when the company
 * makes changes through proposals, unless an owner makes it (or an import only
 * computes its diff).
 */
export function planTarget(deps: CompanyDeps, mode: 'read' | 'edit'): preHandlerAsyncHookHandler {
  return async function targetPlan(request: FastifyRequest) {
    const context = request.company!;
    const proposalId = queryField(request, 'proposal');
    if (typeof proposalId === 'string') {
      const [row] = await tenantRead<{ workspaceId: string; status: ProposalStatus }>(
        deps.db,
        { companyId: context.companyId, userId: context.userId },
        PROPOSAL_BY_ID,
        [context.companyId, proposalId],
      );
      if (!row) throw proposalNotFound();
      if (mode === 'edit' && !isOpen(row.status)) throw proposalClosed();
      request.company = { ...context, companyId: row.workspaceId };
      return;
    }
    if (mode === 'read' || context.role === 'owner') return;
    if (queryField(request, 'dryRun') === true) return;
    const [settings] = await tenantRead<{ required: boolean }>(
      deps.db,
      { companyId: context.companyId, userId: context.userId },
      `SELECT coalesce((settings ->> 'proposalsRequired')::boolean, false) AS required FROM company.companies WHERE id = $1`,
      [context.companyId],
    );
    if (settings?.required) throw proposalRequired();
  };
}
