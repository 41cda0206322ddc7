import { randomUUID } from 'node:crypto';
import type { TokenKit } from '@tracemap/test-kit';

/** A user creates a company and finds it among theirs: a write and a read through the database. */
export async function createAndListCompany(url: string, tokens: TokenKit): Promise<void> {
  const token = await tokens.mint({ sub: randomUUID() });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/company/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Compiled Co' }),
  });
  expect(created.status).toBe(201);
  const mine = await fetch(`${url}/api/company/mine`, { headers: { authorization: headers.authorization } });
  expect(mine.status).toBe(200);
  expect(JSON.stringify(await mine.json())).toContain('Compiled Co');
}
