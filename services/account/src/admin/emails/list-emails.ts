import {
  EMAIL_SOURCES,
  type AdminEmailList,
  type AdminEmailSummary,
  type EmailSource,
  type OutboxQuery,
} from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import { outboxOf } from './outbox-sources';

export interface EmailSearch {
  recipient?: string;
  template?: string;
  status?: AdminEmailSummary['status'];
  limit?: number;
}

/** Every outbox at once, newest first; an outbox whose service does not answer is named in `unavailable`. */
export async function listEmails(ctx: AdminContext, search: EmailSearch): Promise<AdminEmailList> {
  const limit = search.limit ?? 50;
  const query: OutboxQuery = { limit };
  if (search.recipient) query.recipient = search.recipient;
  if (search.template) query.template = search.template;
  if (search.status) query.status = search.status;
  const unavailable: EmailSource[] = [];
  const lists = await Promise.all(
    EMAIL_SOURCES.map(async (source) => {
      try {
        const { emails } = await outboxOf(ctx, source).search(query, ctx.requestId);
        return emails.map((e) => ({ ...e, source }));
      } catch (error) {
        ctx.deps.log.warn({ err: (error as Error).message, source }, 'outbox not readable for the admin email page');
        unavailable.push(source);
        return [];
      }
    }),
  );
  const emails = lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
  return { emails, unavailable };
}
