import { Type } from '@sinclair/typebox';
import { AppError, type InternalClient } from '@tracemap/service-kit';
import {
  accountInternalClient,
  authInternalClient,
  subscriptionInternalClient,
  type CompanySubscription,
  type InternalAuthUser,
  type Profile,
} from '@tracemap/contracts';

/** A user's names and email as the account service gives them. */
export type { Profile };

/** The subscription as billing reports it (status, plan, period end, card expiry). */
export type SubscriptionSummary = CompanySubscription;

export type AuthUser = InternalAuthUser;

export interface NewAuthUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * The part of a created GoTrue user this service reads; the rest is left unchecked, so a hosted
 * Supabase project's fuller user still fits.
 */
const CreatedAuthUser = Type.Object({ id: Type.String(), email: Type.String() });

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * The other services this one talks to, behind the agreed internal contracts.
 * Reads degrade (null, ids only) when a callee is down; only the calls that
 * decide something (verified email, account creation) surface the failure.
 */
export function createPeers(
  clients: {
    auth: InternalClient;
    account: InternalClient;
    subscription: InternalClient;
    /** Auth's admin API: a public-style endpoint that gets the service-role key, not the internal secret. */
    authAdmin: InternalClient;
  },
  serviceRoleKey: string | undefined,
  log: Logger,
) {
  const { authAdmin } = clients;
  const account = accountInternalClient(clients.account);
  const auth = authInternalClient(clients.auth);
  const subscription = subscriptionInternalClient(clients.subscription);

  /** Profiles by user id; throws when account cannot answer (the caller says so in its answer). */
  async function profilesOrThrow(ids: string[], requestId?: string): Promise<Map<string, Profile>> {
    const found = new Map<string, Profile>();
    if (ids.length === 0) return found;
    const answer = await account.lookupProfiles(ids, requestId);
    for (const p of answer.profiles) found.set(p.id, p);
    return found;
  }

  return {
    /** Profiles by user id; none (ids only) when account cannot answer. */
    async profiles(ids: string[], requestId?: string): Promise<Map<string, Profile>> {
      try {
        return await profilesOrThrow(ids, requestId);
      } catch (error) {
        log.warn({ err: error }, 'profile lookup failed; answering with ids only');
        return new Map();
      }
    },

    profilesOrThrow,

    /** The subscription, or null for none; throws when billing cannot answer (the gate decides what that means). */
    async subscriptionOrThrow(companyId: string, requestId?: string): Promise<SubscriptionSummary | null> {
      return (await subscription.companySubscription(companyId, requestId)).subscription;
    },

    /** Asks billing to start a new company's free trial; idempotent on billing's side. */
    async startTrial(companyId: string, creatorUserId: string): Promise<void> {
      await subscription.startTrial(companyId, { creatorUserId });
    },

    /** Throws 503 when auth is down: the caller cannot decide without it. */
    async userById(id: string, requestId?: string): Promise<AuthUser | null> {
      const answer = await auth.lookupUsers([id], requestId);
      return answer.users.find((u) => u.id === id) ?? null;
    },

    /** null when unknown or when auth cannot answer (the caller only uses it to refuse early). */
    async userByEmail(email: string, requestId?: string): Promise<AuthUser | null> {
      try {
        return (await auth.userByEmail(email, requestId)).user;
      } catch (error) {
        log.warn({ err: error }, 'user lookup by email failed');
        return null;
      }
    },

    /** Creates a confirmed account through auth's admin API (the emailed token proved the address). */
    async createConfirmedUser(user: NewAuthUser, requestId?: string): Promise<{ id: string; email: string }> {
      if (!serviceRoleKey) {
        throw new AppError(503, 'claim_unavailable', 'Accounts cannot be created right now. Try again later.');
      }
      const created = await authAdmin('/auth/v1/admin/users', {
        method: 'POST',
        requestId,
        answer: CreatedAuthUser,
        headers: {
          authorization: `Bearer ${serviceRoleKey}`,
          apikey: serviceRoleKey,
        },
        body: {
          email: user.email,
          password: user.password,
          email_confirm: true,
          user_metadata: { first_name: user.firstName, last_name: user.lastName },
        },
      });
      return { id: created.id, email: created.email };
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
