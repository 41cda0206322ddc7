import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { CompanyDeps } from '../../core/deps';
import { companyAccess } from '../../core/company-access';
import type { PlanActor } from './plan-context';
import { planTarget } from '../proposals/proposal-target';

/**
 * Reading the plan is for every member; changing it takes the creator role or more. Both
 * act on the proposal named by `?proposal=` when there is one (see planTarget).
 */
export const readAccess = (deps: CompanyDeps) => [
  companyAccess(deps, { access: 'member', locate: { from: 'params', field: 'companyId' } }),
  planTarget(deps, 'read'),
];
export const editAccess = (deps: CompanyDeps) => [liveEditAccess(deps), planTarget(deps, 'edit')];
/** Edit rights on the company itself, for routes that change no plan content (sharing a map). */
export const liveEditAccess = (deps: CompanyDeps) =>
  companyAccess(deps, { access: 'edit', locate: { from: 'params', field: 'companyId' } });

export const actorOf = (request: FastifyRequest): PlanActor => request.company!;

export { IdempotencyHeaders as CreateHeaders } from '@tracemap/contracts';

export const NoContent = Type.Null();

/**
 * Writes an answer with JSON.stringify. For bodies our mappers already built
 * field by field from the contract (lists, schemas): the compiled serializer
 * gains nothing there and is slower on the contract's nullable unions.
 */
export const writeAsIs = () => (data: unknown) => JSON.stringify(data);
