import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, signedInUser, startStack, type Stack } from '../support/stack';

export const ADMIN_EMAIL_DOMAIN = 'admins.example.com';

export interface Actor {
  id: string;
  email: string;
  token: string;
}

/** The account service with real auth and company services, and the four kinds of caller the admin area knows. */
export interface AdminWorld {
  stack: Stack;
  admin: Actor;
  revoked: Actor;
  user: Actor;
  call(actor: Actor | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function startAdminWorld(): Promise<AdminWorld> {
  const adminEmail = `admin.${Date.now()}@${ADMIN_EMAIL_DOMAIN}`;
  const revokedEmail = `revoked.${Date.now()}@${ADMIN_EMAIL_DOMAIN}`;
  const stack = await startStack({ company: true, accountEnv: { ADMIN_EMAILS: `${adminEmail},${revokedEmail}` } });
  const call: AdminWorld['call'] = (actor, options) =>
    stack.account.app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(actor ? bearer(actor.token) : {}) },
    });
  const admin = await signedInUser(stack, { email: adminEmail });
  const revoked = await signedInUser(stack, { email: revokedEmail });
  const user = await signedInUser(stack);
  // A first sync gives listed emails the flag; the revoked admin then loses it through the admin API.
  for (const actor of [admin, revoked, user]) {
    const synced = await call(actor, { method: 'GET', url: '/api/account/sync' });
    if (synced.statusCode !== 200) throw new Error(`sync failed: ${synced.body}`);
  }
  const revoke = await call(admin, {
    method: 'PUT',
    url: `/api/account/admin/users/${revoked.id}/product-admin`,
    payload: { value: false },
  });
  if (revoke.statusCode !== 200) throw new Error(`revoke failed: ${revoke.body}`);
  return { stack, admin, revoked, user, call };
}
