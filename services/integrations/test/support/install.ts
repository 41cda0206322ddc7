import type { Harness, TestUser } from './harness';

/** What the browser does: ask for the install URL, approve at Slack, follow the redirect to the callback. */
export async function installSlack(
  h: Harness,
  companyId: string,
  admin: TestUser,
  options: { decision?: 'allow' | 'deny'; channel?: string } = {},
): Promise<{ location: string; installUrl: string; cookie: string; callbackPath: string }> {
  const started = await h.call(admin, { method: 'POST', url: `/api/integrations/${companyId}/slack/install-url` });
  if (started.statusCode !== 200) throw new Error(`install-url: ${started.statusCode} ${started.body}`);
  const cookie = String(started.headers['set-cookie']).split(';')[0];
  const installUrl = started.json<{ url: string }>().url;
  const back = new URL(await h.slack.decide(installUrl, options.decision ?? 'allow', options.channel));
  const callbackPath = `${back.pathname}${back.search}`;
  const callback = await h.app.inject({ method: 'GET', url: callbackPath, headers: { cookie } });
  return { location: String(callback.headers.location), installUrl, cookie, callbackPath };
}
