import { readCookieSession } from './auth-cookie';

const now = 1_800_000_000;
const session = {
  access_token: 'a.b.c',
  refresh_token: 'r',
  expires_at: now + 600,
  expires_in: 600,
  token_type: 'bearer',
  user: { id: 'u1', email: 'a@example.com' },
};
const encoded = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;

test('reads the session @supabase/ssr stores, whole or in chunks', () => {
  expect(readCookieSession(`other=1; sb-localhost-auth-token=${encoded}`, now)).toMatchObject({
    access_token: 'a.b.c',
    user: { id: 'u1' },
  });
  const chunked = `sb-localhost-auth-token.0=${encoded.slice(0, 40)}; x=y; sb-localhost-auth-token.1=${encoded.slice(40)}`;
  expect(readCookieSession(chunked, now)).toMatchObject({ access_token: 'a.b.c' });
});

test('an expired or nearly expired token, a missing or damaged cookie give no session', () => {
  expect(readCookieSession(`sb-localhost-auth-token=${encoded}`, now + 590)).toBeNull();
  expect(readCookieSession('theme=dark', now)).toBeNull();
  expect(readCookieSession('sb-localhost-auth-token=base64-!!!', now)).toBeNull();
  const noToken = `base64-${Buffer.from(JSON.stringify({ expires_at: now + 600 })).toString('base64url')}`;
  expect(readCookieSession(`sb-localhost-auth-token=${noToken}`, now)).toBeNull();
});
