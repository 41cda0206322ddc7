import type { DestinationCredentials, DestinationSettings } from '@tracemap/contracts';
import { DESTINATION_ERRORS } from './destination-errors';
import type { Clock } from './destination-http';

/** Where mParticle hands out tokens for API clients. */
export const MPARTICLE_TOKEN_URL = 'https://sso.auth.mparticle.com/oauth/token';
const RENEW_EARLY_MS = 60_000;

/**
 * The headers each destination wants: a bearer token (Segment, RudderStack), the project's keys
 * as basic auth (Amplitude), or a client-credentials token fetched first and renewed before it
 * expires (mParticle).
 */
export function authHeaders(
  settings: DestinationSettings,
  credentials: DestinationCredentials,
  options: { tokenUrl?: string; clock: Clock },
): () => Promise<Record<string, string>> {
  if (credentials.kind !== settings.kind) throw DESTINATION_ERRORS.mismatchedCredentials(settings.kind);
  switch (credentials.kind) {
    case 'segment':
    case 'rudderstack': {
      const headers = { authorization: `Bearer ${credentials.token}` };
      return async () => headers;
    }
    case 'amplitude': {
      const basic = Buffer.from(`${credentials.apiKey}:${credentials.secretKey}`).toString('base64');
      return async () => ({ authorization: `Basic ${basic}` });
    }
    case 'mparticle': {
      let token: { value: string; until: number } | null = null;
      return async () => {
        if (!token || token.until - RENEW_EARLY_MS < options.clock.now())
          token = await mparticleToken(credentials, options.tokenUrl ?? MPARTICLE_TOKEN_URL, options.clock.now());
        return { authorization: `Bearer ${token.value}` };
      };
    }
  }
}

async function mparticleToken(
  credentials: { clientId: string; clientSecret: string },
  tokenUrl: string,
  now: number,
): Promise<{ value: string; until: number }> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        audience: 'https://api.mparticle.com',
        grant_type: 'client_credentials',
      }),
    });
  } catch (error) {
    throw DESTINATION_ERRORS.unavailable('mparticle', (error as Error).message);
  }
  if (!response.ok) throw DESTINATION_ERRORS.authFailed('mparticle', response.status);
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw DESTINATION_ERRORS.authFailed('mparticle', response.status);
  return { value: body.access_token, until: now + (body.expires_in ?? 3600) * 1000 };
}
