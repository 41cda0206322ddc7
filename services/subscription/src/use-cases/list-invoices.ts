import type { Invoice } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { findCustomerId } from '../repositories/subscription-repository';

/** The company's invoices, newest first; none before it ever had a customer. */
export async function listInvoices(deps: SubscriptionDeps, companyId: string): Promise<{ invoices: Invoice[] }> {
  const customerId = await findCustomerId(deps.db, companyId);
  if (!customerId) return { invoices: [] };
  const invoices = await deps.provider.listInvoices(customerId);
  return {
    invoices: invoices.map((i) => ({
      ...i,
      created: i.created.toISOString(),
      periodStart: i.periodStart?.toISOString() ?? null,
      periodEnd: i.periodEnd?.toISOString() ?? null,
    })),
  };
}
