import type { AccessToken } from '@tracemap/contracts';

/** A company the user belongs to, as the company service lists it. */
export interface MyCompany {
  id: string;
  name: string;
}

/** Where MCP clients connect: the product's own address, whichever host serves it. */
export const mcpUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}/api/insights/mcp`;

/** A token's company by name; a company the user has left keeps a plain label (its token no longer works). */
export function companyLabel(companies: readonly MyCompany[], companyId: string): string {
  return companies.find((c) => c.id === companyId)?.name ?? 'A company you have left';
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDay = (iso: string): string => day.format(new Date(iso));

export const lastUsedLabel = (token: Pick<AccessToken, 'lastUsedAt'>): string =>
  token.lastUsedAt ? `last used ${formatDay(token.lastUsedAt)}` : 'never used';

/** The name field's refusal, before asking the server; null when it will do. */
export function validateTokenName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the token a name, e.g. the tool it is for.';
  if (trimmed.length > 100) return 'Use at most 100 characters.';
  return null;
}
