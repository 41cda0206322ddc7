import { getOutboxEmail, outboxStats, resendFailedEmail, searchOutbox } from '@tracemap/mailer';
import { AppError, notFound } from '@tracemap/service-kit';
import type { EmailSource } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import type { OutboxClient } from '../clients/auth-admin-api';

/**
 * Each service that sends mail keeps its own outbox: auth (confirmations,
 * resets, invitations to set a password), company (company invitations) and
 * this one (support messages, test emails). This one's is read directly; the
 * others' through their internal routes.
 */
export function outboxOf(ctx: AdminContext, source: EmailSource): OutboxClient {
  if (source === 'auth') return ctx.auth.outbox;
  if (source === 'company') return ctx.company.outbox;
  const pool = ctx.deps.pool;
  return {
    search: async (query) => ({ emails: await searchOutbox(pool, 'account', query) }),
    stats: () => outboxStats(pool, 'account'),
    get: async (id) => {
      const email = await getOutboxEmail(pool, 'account', id);
      if (!email) throw notFound('Email not found', 'email_not_found');
      return email;
    },
    resend: async (id) => {
      const result = await resendFailedEmail(pool, 'account', id);
      if (result.outcome === 'not_found') throw notFound('Email not found', 'email_not_found');
      if (result.outcome === 'not_failed')
        throw new AppError(409, 'email_not_failed', 'Only a failed email can be resent.');
      ctx.deps.outbox.wake();
      return result;
    },
  };
}
