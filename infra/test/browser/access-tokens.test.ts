import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * Personal access tokens end to end: created on /account (shown once, copied with the button),
 * used by an MCP client through the gateway to call the assistant's read-only tools on the
 * company's plan, then revoked on /account, after which the same token is refused.
 */

let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let session: Session;
let api: SessionApi;
let page: Page;

const people = { owner: { email: 'grace.tokens@example.com', password: 'a-long-tokens-password-1' } };

/** One JSON-RPC call to the MCP endpoint, answered as JSON or as an event stream of one message. */
async function mcp(token: string, method: string, params: Record<string, unknown>) {
  const res = await fetch(`${stack.url}/api/insights/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await res.text();
  if (!res.ok) return { status: res.status, body: JSON.parse(text) };
  const data = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6);
  return { status: res.status, body: JSON.parse(data) };
}

beforeAll(async () => {
  world = await openBrowserWorld('access-tokens', people);
  stack = world.stack;
  session = world.sessions.owner;
  api = sessionApi(stack.url, () => session.access_token);
  await companyWithSamplePlan(api, 'Token Shop');
  page = await world.pageFor('owner');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
});

afterAll(async () => {
  await world?.close();
});

test('a token made on /account opens the MCP tools through the gateway until it is revoked there', async () => {
  await page.goto(`${stack.url}/account`);
  const section = page.getByTestId('access-tokens-section');
  await section.getByText('You have no access tokens.').waitFor();
  expect(await section.textContent()).toContain(`${stack.url}/api/insights/mcp`);

  await page.locator('#accessTokenName').fill('Claude desktop');
  expect(await page.locator('#accessTokenCompany option:checked').textContent()).toBe('Token Shop');
  await page.getByTestId('access-token-submit').click();
  const secret = (await page.getByTestId('access-token-secret').textContent())!.trim();
  expect(secret).toMatch(/^tmp_[A-Za-z0-9_-]{40,}$/);
  await page.getByTestId('access-token-copy').click();
  await page.getByTestId('access-token-copy').getByText('Copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await page.getByTestId('access-token-row').count()).toBe(1);

  const listed = await mcp(secret, 'tools/list', {});
  expect(listed.status).toBe(200);
  const tools = listed.body.result.tools as Array<{ name: string; annotations: { readOnlyHint: boolean } }>;
  expect(tools.map((t) => t.name)).toContain('get_event');
  expect(tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
  const called = await mcp(secret, 'tools/call', { name: 'get_event', arguments: { event: 'product_viewed' } });
  expect(called.body.result.structuredContent.event.name).toBe('Product Viewed');

  // Shown once: after a reload the list has the token, and the secret is nowhere on the page.
  await page.reload();
  await page.getByTestId('access-token-row').first().waitFor();
  expect(await page.getByTestId('access-token-row').first().textContent()).toContain('Claude desktop');
  expect(await page.content()).not.toContain(secret);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('access-token-revoke').click();
  await page.getByText('You have no access tokens.').waitFor();
  const refused = await mcp(secret, 'tools/list', {});
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe('access_token_invalid');
});
