import type { Utm } from '@tracemap/contracts';

const FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The `utm_*` parameters of the landing URL, cut to the lengths the collector accepts. */
export function utmFrom(search: string): Utm | undefined {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const field of FIELDS) {
    const value = params.get(`utm_${field}`);
    if (value) utm[field] = value.slice(0, 200);
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}
