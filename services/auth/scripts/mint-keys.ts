/**
 * Prints a fresh pair of API keys for a local start, as env lines:
 *
 *   AUTH_PUBLIC_KEY=…        the "anon" key browsers send as `apikey`
 *   AUTH_SERVICE_ROLE_KEY=…  the admin secret (server-side only)
 *
 * Both are opaque random strings: the auth service compares the service key
 * in constant time, and only needs the public key to recognise "no user".
 * Usage: `npx tsx services/auth/scripts/mint-keys.ts >> .env.local`
 */
import { randomBytes } from 'node:crypto';

const key = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

process.stdout.write(`AUTH_PUBLIC_KEY=${key('tm_anon')}\nAUTH_SERVICE_ROLE_KEY=${key('tm_service')}\n`);
