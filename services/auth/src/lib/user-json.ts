import { randomUUID } from 'node:crypto';
import type { FactorRow } from '../repositories/factors-repository';
import type { UserRow } from '../repositories/users-repository';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
  };
}

/** The User object of the Supabase Auth API. */
export function userJson(user: UserRow, factors: FactorRow[] = []) {
  const identity = {
    identity_id: user.identity_id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      sub: user.id,
      email: user.email,
      email_verified: Boolean(user.email_confirmed_at),
      phone_verified: false,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at ?? user.created_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email: user.email,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    email_confirmed_at: iso(user.email_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [identity],
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/**
 * What sign-up answers for an address that already has a confirmed account:
 * shaped like a fresh unconfirmed user, so the response does not say
 * whether the address is taken (GoTrue's behaviour).
 */
export function obfuscatedUserJson(email: string, userMetadata: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
