import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, createInternalClient, forbidden, notFound } from '@tracemap/service-kit';
import { accountInternalClient } from '@tracemap/contracts';
import { SandboxStore, type SandboxSetup } from '../store';
import { StripeWireError } from '../stripe-error';
import { advanceClock, MAX_ADVANCE_SECONDS } from '../billing/advance-clock';
import { failNextPayment } from '../billing/fail-next-payment';

/**
 * Only product admins move the sandbox clock; the account service knows who
 * they are. A caller it cannot confirm is refused.
 */
export function productAdminCheck(accountUrl: string, serviceToken: string) {
  const account = accountInternalClient(createInternalClient({ baseUrl: accountUrl, serviceToken, timeoutMs: 3000 }));
  return async (request: FastifyRequest) => {
    await request.server.requireUser(request, undefined as never);
    const userId = request.auth!.userId;
    const answer = await account.productAdmin(userId, request.id);
    if (!answer.anamapAdmin) throw forbidden('Only product admins can use the sandbox clock.');
  };
}

const Advance = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 400 })),
    seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ADVANCE_SECONDS })),
  },
  { additionalProperties: false },
);
const FailNext = Type.Object(
  { companyId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export function registerClockRoutes(
  app: FastifyInstance,
  setup: SandboxSetup,
  requireAdmin: (request: FastifyRequest) => Promise<void>,
  onEvents: () => void,
): void {
  app.get('/clock', { preHandler: requireAdmin }, async () =>
    app.transaction(async (client) => {
      const store = await SandboxStore.open(client, setup);
      return {
        now: new Date(store.now() * 1000).toISOString(),
        nowUnix: store.now(),
        offsetSeconds: store.offsetSeconds,
      };
    }),
  );

  app.post('/clock/advance', { preHandler: requireAdmin, schema: { body: Advance } }, async (request) => {
    const body = request.body as { days?: number; seconds?: number };
    const seconds = (body.days ?? 0) * 86400 + (body.seconds ?? 0);
    if (seconds <= 0) throw new AppError(400, 'validation_failed', 'Give days or seconds to advance by.');
    if (seconds > MAX_ADVANCE_SECONDS)
      throw new AppError(400, 'validation_failed', 'The clock advances by at most 400 days at a time.');
    let emitted = 0;
    const result = await app.transaction(async (client) => {
      const store = await SandboxStore.open(client, setup);
      const advanced = await advanceClock(store, seconds);
      emitted = store.emitted.length;
      return advanced;
    });
    if (emitted > 0) onEvents();
    return {
      now: new Date(result.now * 1000).toISOString(),
      nowUnix: result.now,
      offsetSeconds: result.offsetSeconds,
      events: emitted,
    };
  });

  app.post('/clock/fail-next-payment', { preHandler: requireAdmin, schema: { body: FailNext } }, async (request) => {
    const { companyId } = request.body as { companyId: string };
    try {
      const subscriptions = await app.transaction(async (client) =>
        failNextPayment(await SandboxStore.open(client, setup), companyId),
      );
      return { subscriptions };
    } catch (error) {
      if (error instanceof StripeWireError) throw notFound(error.message, 'subscription_not_found');
      throw error;
    }
  });
}
