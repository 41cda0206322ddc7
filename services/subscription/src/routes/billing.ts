import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  InvoicesResponse,
  PlanChangeResponse,
  PlansResponse,
  PortalResponse,
  PreviewResponse,
  SUBSCRIPTION_MESSAGES as M,
  SubscriptionChangeResponse,
  SubscriptionCompanyBody,
  SubscriptionDetailsResponse,
  SubscriptionPriceBody,
} from '@tracemap/contracts';
import { authorizeBilling, type BillingAccess } from '../lib/authorize';
import { toBillingError } from '../lib/billing-errors';
import { changePlan } from '../use-cases/change-plan';
import { getSubscriptionDetails } from '../use-cases/get-subscription-details';
import { listInvoices } from '../use-cases/list-invoices';
import { openBillingPortal } from '../use-cases/open-billing-portal';
import { previewPlanChange } from '../use-cases/preview-plan-change';
import { setCancelAtPeriodEnd } from '../use-cases/set-cancel-at-period-end';

/** `/api/subscription/*`: the plans, and billing actions on one company for its owners and admins. */
export default async function billingRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const deps = () => app.subscriptionService.deps;

  /** Authorizes (the caller is signed in: onRequest), runs the action, and turns failures into the product's messages. */
  async function act<T>(
    request: FastifyRequest,
    companyId: string,
    access: BillingAccess,
    failure: string,
    work: (companyId: string) => Promise<T>,
  ): Promise<T> {
    try {
      await authorizeBilling(deps(), { companyId, userId: request.auth!.userId, access, requestId: request.id });
      return await work(companyId);
    } catch (error) {
      throw toBillingError(error, failure, request.log);
    }
  }

  /** After a change the caller gets company info as the company service now shows it. */
  const companyInfo = (request: FastifyRequest, companyId: string) =>
    deps().peers.companyInfo(companyId, request.auth!.userId, request.id);

  app.get(
    '/api/subscription/plans',
    { schema: { response: { 200: PlansResponse } }, config: { failureMessage: M.plansFailed } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { plans: deps().plans.publicPlans };
    },
  );

  app.post(
    '/api/subscription/update',
    {
      schema: { body: SubscriptionPriceBody, response: { 200: PlanChangeResponse } },
      config: { failureMessage: M.updateFailed },
      onRequest: app.requireUser,
    },
    async (request) =>
      act(request, request.body.companyId, 'admin', M.updateFailed, async (companyId) => {
        const { checkoutUrl } = await changePlan(deps(), {
          companyId,
          priceId: request.body.priceId,
          requestId: request.id,
        });
        return { ...(await companyInfo(request, companyId)), ...(checkoutUrl ? { checkoutUrl } : {}) };
      }),
  );

  app.post(
    '/api/subscription/preview',
    {
      schema: { body: SubscriptionPriceBody, response: { 200: PreviewResponse } },
      config: { failureMessage: M.previewFailed },
      onRequest: app.requireUser,
    },
    async (request) =>
      act(request, request.body.companyId, 'admin', M.previewFailed, (companyId) =>
        previewPlanChange(deps(), { companyId, priceId: request.body.priceId }),
      ),
  );

  for (const [path, cancel, failure] of [
    ['/api/subscription/cancel', true, M.cancelFailed],
    ['/api/subscription/resume', false, M.resumeFailed],
  ] as const) {
    app.post(
      path,
      {
        schema: { body: SubscriptionCompanyBody, response: { 200: SubscriptionChangeResponse } },
        config: { failureMessage: failure },
        onRequest: app.requireUser,
      },
      async (request) =>
        act(request, request.body.companyId, 'admin', failure, async (companyId) => {
          await setCancelAtPeriodEnd(deps(), { companyId, cancel, requestId: request.id });
          return companyInfo(request, companyId);
        }),
    );
  }

  app.post(
    '/api/subscription/portal',
    {
      schema: { body: SubscriptionCompanyBody, response: { 200: PortalResponse } },
      config: { failureMessage: M.portalFailed },
      onRequest: app.requireUser,
    },
    async (request) =>
      act(request, request.body.companyId, 'admin', M.portalFailed, (companyId) =>
        openBillingPortal(deps(), { companyId, requestId: request.id }),
      ),
  );

  app.post(
    '/api/subscription/invoices',
    {
      schema: { body: SubscriptionCompanyBody, response: { 200: InvoicesResponse } },
      config: { failureMessage: M.invoicesFailed },
      onRequest: app.requireUser,
    },
    async (request) =>
      act(request, request.body.companyId, 'admin', M.invoicesFailed, (companyId) => listInvoices(deps(), companyId)),
  );

  app.post(
    '/api/subscription/details',
    {
      schema: { body: SubscriptionCompanyBody, response: { 200: SubscriptionDetailsResponse } },
      config: { failureMessage: M.detailsFailed },
      onRequest: app.requireUser,
    },
    async (request) =>
      act(request, request.body.companyId, 'member', M.detailsFailed, (companyId) =>
        getSubscriptionDetails(deps(), companyId),
      ),
  );
}
