import { createHash, generateKeyPairSync, randomBytes, verify } from 'node:crypto';

/** A service account the GA4 stand-in knows: its public key and the properties it may read. */
export interface SandboxServiceAccount {
  clientEmail: string;
  /** PEM (SPKI). */
  publicKey: string;
  properties: string[];
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const READ_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
const TOKEN_SECONDS = 3600;

/**
 * A new service account and its key file, shaped like the JSON key Google Cloud hands out
 * (type, client_email, private_key, token_uri…), for tests and the local default.
 */
export function createSandboxServiceAccount(options: {
  properties: string[];
  tokenUri: string;
  clientEmail?: string;
}): { keyFile: string; account: SandboxServiceAccount } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = options.clientEmail ?? `reader-${randomBytes(4).toString('hex')}@sandbox.iam.gserviceaccount.com`;
  const keyFile = JSON.stringify({
    type: 'service_account',
    project_id: 'sandbox',
    private_key_id: createHash('sha1').update(clientEmail).digest('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: options.tokenUri,
  });
  return {
    keyFile,
    account: {
      clientEmail,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      properties: options.properties,
    },
  };
}

export type TokenAnswer =
  | { ok: true; body: { access_token: string; expires_in: number; token_type: 'Bearer' } }
  | { ok: false; status: number; body: { error: string; error_description: string } };

/**
 * The OAuth token endpoint of a service account's JWT bearer grant: the assertion must be
 * signed (RS256) by a known account, name this endpoint as audience, ask for read access to
 * Analytics and not be expired. Answers an access token for the account's properties.
 */
export class Ga4Tokens {
  private readonly issued = new Map<string, { account: SandboxServiceAccount; until: number }>();

  constructor(
    private readonly accounts: () => SandboxServiceAccount[],
    private readonly now: () => number,
  ) {}

  exchange(form: URLSearchParams, audience: string): TokenAnswer {
    const refuse = (description: string): TokenAnswer => ({
      ok: false,
      status: 400,
      body: { error: 'invalid_grant', error_description: description },
    });
    if (form.get('grant_type') !== JWT_BEARER)
      return {
        ok: false,
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return refuse('Invalid JWT: malformed assertion.');
    const [header, payload, signature] = parts;
    let claims: { iss?: unknown; aud?: unknown; scope?: unknown; exp?: unknown; iat?: unknown };
    let alg: unknown;
    try {
      alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return refuse('Invalid JWT: not JSON.');
    }
    const account = this.accounts().find((a) => a.clientEmail === claims.iss);
    if (alg !== 'RS256' || !account) return refuse('Invalid JWT Signature.');
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      account.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return refuse('Invalid JWT Signature.');
    if (claims.aud !== audience) return refuse('Invalid JWT: audience is not this token endpoint.');
    const seconds = Math.floor(this.now() / 1000);
    if (typeof claims.exp !== 'number' || claims.exp <= seconds)
      return refuse('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.');
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(READ_SCOPE))
      return refuse('Invalid JWT: the scope does not include Analytics read access.');
    const token = `ya29.sandbox-${randomBytes(24).toString('base64url')}`;
    this.issued.set(token, { account, until: this.now() + TOKEN_SECONDS * 1000 });
    return { ok: true, body: { access_token: token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' } };
  }

  /** The account an `Authorization` header's token was issued to, or null (unknown or expired). */
  accountOf(authorization: string | undefined): SandboxServiceAccount | null {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    const held = match ? this.issued.get(match[1]) : undefined;
    if (!held || held.until <= this.now()) return null;
    return held.account;
  }
}
