import type { Stack } from './stack';

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string };
}

/** Creates a confirmed user through the auth admin API (service role), with its metadata (e.g. names) if any. */
export async function createConfirmedUser(
  stack: Stack,
  email: string,
  password: string,
  userMetadata?: Record<string, unknown>,
): Promise<{ id: string }> {
  const response = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: stack.secrets.AUTH_PUBLIC_KEY,
      authorization: `Bearer ${stack.secrets.AUTH_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: userMetadata }),
  });
  if (!response.ok) throw new Error(`creating ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

export async function signIn(stack: Stack, email: string, password: string): Promise<Session> {
  const response = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.secrets.AUTH_PUBLIC_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

/**
 * The cookie @supabase/ssr keeps the browser session in: `sb-<first host
 * label>-auth-token`, value `base64-` + base64url(JSON), split into chunks.
 */
export function sessionCookies(stack: Stack, session: Session): Array<{ name: string; value: string; url: string }> {
  const host = new URL(stack.url).hostname.split('.')[0];
  const name = `sb-${host}-auth-token`;
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  const size = 3180;
  if (value.length <= size) return [{ name, value, url: stack.url }];
  const chunks: Array<{ name: string; value: string; url: string }> = [];
  for (let i = 0; i * size < value.length; i++)
    chunks.push({ name: `${name}.${i}`, value: value.slice(i * size, (i + 1) * size), url: stack.url });
  return chunks;
}
