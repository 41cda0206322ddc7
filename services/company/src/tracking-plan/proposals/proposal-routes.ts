import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyPathParams,
  CreateProposalBody,
  CreateProposalCommentBody,
  ProposalCommentList,
  ProposalCommentSchema,
  RequestReviewersBody,
  PlanVersionSchema,
  ProposalDetailSchema,
  ProposalDiffSchema,
  ProposalList,
  ProposalPathParams,
  ProposalSchema,
  ResolveProposalBody,
  ResolveResponse,
  ReviewProposalBody,
  SetProposalStatusBody,
} from '@tracemap/contracts';
import { companyAccess } from '../../core/company-access';
import type { CompanyDeps } from '../../core/deps';
import { actorOf, writeAsIs } from '../shared/route-kit';
import { getProposal } from './get-proposal';
import { getProposalDiff } from './get-proposal-diff';
import { listProposals } from './list-proposals';
import { mergeProposal } from './merge-proposal';
import { openProposal } from './open-proposal';
import { PROPOSAL_FAILURE } from './proposal-errors';
import { resolveProposal } from './resolve-proposal';
import { reviewProposal } from './review-proposal';
import { requestReviewers } from './request-reviewers';
import { commentOnProposal, listProposalComments } from './comment-on-proposal';
import { setProposalStatus } from './set-proposal-status';

const tags = ['proposals'];
const locate = { from: 'params', field: 'companyId' } as const;

/**
 * Proposals under `/:companyId/proposals`. Members list, read and comment on them; editors open,
 * ask reviewers for, review, resolve and merge them (and see their diffs, which show every attribute, exposed or not).
 */
export async function proposalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const read = companyAccess(deps, { access: 'member', locate });
  const edit = companyAccess(deps, { access: 'edit', locate });
  const one = '/:companyId/proposals/:proposalId';

  app.post(
    '/:companyId/proposals',
    {
      schema: { tags, params: CompanyPathParams, body: CreateProposalBody, response: { 201: ProposalSchema } },
      config: { failureMessage: PROPOSAL_FAILURE.save },
      preHandler: edit,
    },
    async (request, reply) => reply.code(201).send(await openProposal(deps, actorOf(request), request.body)),
  );
  app.get(
    '/:companyId/proposals',
    {
      schema: { tags, params: CompanyPathParams, response: { 200: ProposalList } },
      config: { failureMessage: PROPOSAL_FAILURE.list },
      preHandler: read,
    },
    (request) => listProposals(deps, actorOf(request)),
  );
  app.get(
    one,
    {
      schema: { tags, params: ProposalPathParams, response: { 200: ProposalDetailSchema } },
      config: { failureMessage: PROPOSAL_FAILURE.read },
      preHandler: read,
    },
    (request) => getProposal(deps, actorOf(request), request.params.proposalId),
  );
  app.get(
    `${one}/diff`,
    {
      schema: { tags, params: ProposalPathParams, response: { 200: ProposalDiffSchema } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PROPOSAL_FAILURE.diff },
      preHandler: edit,
    },
    (request) => getProposalDiff(deps, actorOf(request), request.params.proposalId),
  );
  app.post(
    `${one}/status`,
    {
      schema: {
        tags,
        params: ProposalPathParams,
        body: SetProposalStatusBody,
        response: { 200: ProposalDetailSchema },
      },
      config: { failureMessage: PROPOSAL_FAILURE.save },
      preHandler: edit,
    },
    (request) =>
      setProposalStatus(deps, actorOf(request), { id: request.params.proposalId, status: request.body.status }),
  );
  app.post(
    `${one}/reviews`,
    {
      schema: { tags, params: ProposalPathParams, body: ReviewProposalBody, response: { 200: ProposalDetailSchema } },
      config: { failureMessage: PROPOSAL_FAILURE.save },
      preHandler: edit,
    },
    (request) => reviewProposal(deps, actorOf(request), { id: request.params.proposalId, ...request.body }),
  );
  app.post(
    `${one}/reviewers`,
    {
      schema: { tags, params: ProposalPathParams, body: RequestReviewersBody, response: { 200: ProposalDetailSchema } },
      config: { failureMessage: PROPOSAL_FAILURE.save },
      preHandler: edit,
    },
    (request) => requestReviewers(deps, actorOf(request), { id: request.params.proposalId, ...request.body }),
  );
  app.get(
    `${one}/comments`,
    {
      schema: { tags, params: ProposalPathParams, response: { 200: ProposalCommentList } },
      config: { failureMessage: PROPOSAL_FAILURE.read },
      preHandler: read,
    },
    (request) => listProposalComments(deps, actorOf(request), request.params.proposalId),
  );
  app.post(
    `${one}/comments`,
    {
      schema: {
        tags,
        params: ProposalPathParams,
        body: CreateProposalCommentBody,
        response: { 201: ProposalCommentSchema },
      },
      config: { failureMessage: PROPOSAL_FAILURE.save },
      preHandler: read,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await commentOnProposal(deps, actorOf(request), { id: request.params.proposalId, ...request.body })),
  );
  app.post(
    `${one}/resolve`,
    {
      schema: { tags, params: ProposalPathParams, body: ResolveProposalBody, response: { 200: ResolveResponse } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PROPOSAL_FAILURE.merge },
      preHandler: edit,
    },
    (request) =>
      resolveProposal(deps, actorOf(request), { id: request.params.proposalId, resolutions: request.body.resolutions }),
  );
  app.post(
    `${one}/merge`,
    {
      schema: { tags, params: ProposalPathParams, response: { 200: PlanVersionSchema } },
      config: { failureMessage: PROPOSAL_FAILURE.merge, audit: 'proposal.merged' },
      preHandler: edit,
    },
    (request) => mergeProposal(deps, actorOf(request), request.params.proposalId),
  );
}
