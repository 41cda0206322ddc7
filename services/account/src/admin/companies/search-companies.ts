import type { AdminCompanySummary } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';

/**
 * Companies by a part of their name or their id; and, when `q` looks like an
 * email, the companies of the people whose email matches.
 */
export async function searchCompanies(
  ctx: AdminContext,
  q: string,
  limit = 20,
): Promise<{ companies: AdminCompanySummary[] }> {
  const { companies } = await ctx.company.search(q, limit, ctx.requestId);
  if (!q.includes('@')) return { companies };
  const { users } = await ctx.auth.searchUsers(q, 5, ctx.requestId);
  const seen = new Set(companies.map((c) => c.id));
  for (const user of users) {
    for (const c of await ctx.deps.companyApi.companiesOf(user.id, ctx.requestId)) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const [found] = (await ctx.company.search(c.id, 1, ctx.requestId)).companies;
      if (found) companies.push(found);
    }
  }
  return { companies: companies.slice(0, limit) };
}
