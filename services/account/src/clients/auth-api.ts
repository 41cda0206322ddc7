import { authInternalClient, type InternalAuthUser } from '@tracemap/contracts';
import { AppError, type InternalClient } from '@tracemap/service-kit';

export type AuthUser = InternalAuthUser;

export interface RecoverySession {
  accessToken: string;
  userId: string;
  email: string;
}

export interface CallContext {
  requestId?: string;
  /** The browser's address as the gateway saw it, so auth rate-limits the person, not this service. */
  forwardedFor?: string;
}

export interface AuthApiOptions {
  authUrl: string;
  publicKey: string;
  timeoutMs: number;
  /** The auth service's internal routes (the kit's peer client). */
  internal: InternalClient;
}

/**
 * The identity provider seen from this service: its public Supabase-style
 * API (as a browser would call it, with the public key) and its internal
 * routes (with the service token). Auth's own error messages are kept, since
 * the spec surfaces them to the user on reset.
 */
export function createAuthApi(options: AuthApiOptions) {
  const internal = authInternalClient(options.internal);

  async function callPublic<T>(
    path: string,
    init: { method: string; body?: unknown; bearer?: string; context?: CallContext },
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      apikey: options.publicKey,
      authorization: `Bearer ${init.bearer ?? options.publicKey}`,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.context?.requestId) headers['x-request-id'] = init.context.requestId;
    if (init.context?.forwardedFor) headers['x-forwarded-for'] = init.context.forwardedFor;
    let response: Response;
    try {
      response = await fetch(new URL(`/auth/v1${path}`, options.authUrl), {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw new AppError(503, 'auth_unavailable', 'The sign-in service is unavailable. Try again later.', {
        'retry-after': '1',
      });
    }
    const text = await response.text();
    let data: Record<string, unknown> | undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const message = String(
        data?.msg ?? data?.message ?? data?.error_description ?? data?.error ?? `Auth answered ${response.status}`,
      );
      const code = String(data?.code ?? data?.error_code ?? 'auth_error');
      const headersOut: Record<string, string> = {};
      const retryAfter = response.headers.get('retry-after');
      if (retryAfter) headersOut['retry-after'] = retryAfter;
      throw new AppError(response.status, code, message, headersOut);
    }
    return data as T;
  }

  return {
    async lookupUsers(ids: string[], requestId?: string): Promise<AuthUser[]> {
      if (ids.length === 0) return [];
      return (await internal.lookupUsers(ids, requestId)).users;
    },
    async userByEmail(email: string, requestId?: string): Promise<AuthUser | null> {
      return (await internal.userByEmail(email, requestId)).user;
    },
    async recover(email: string, context: CallContext): Promise<void> {
      await callPublic('/recover', {
        method: 'POST',
        body: { email },
        context,
      });
    },
    /** Sends the sign-up confirmation again; auth answers the same whether or not anything was sent. */
    async resendConfirmation(email: string, context: CallContext): Promise<void> {
      await callPublic('/resend', { method: 'POST', body: { email, type: 'signup' }, context });
    },
    async verifyRecovery(tokenHash: string, context: CallContext): Promise<RecoverySession> {
      const session = await callPublic<{ access_token?: string; user?: { id: string; email: string } }>('/verify', {
        method: 'POST',
        body: { type: 'recovery', token_hash: tokenHash },
        context,
      });
      if (!session?.access_token || !session.user)
        throw new AppError(400, 'otp_expired', 'The reset link is invalid or has expired.');
      return { accessToken: session.access_token, userId: session.user.id, email: session.user.email };
    },
    async updatePassword(accessToken: string, password: string, context: CallContext): Promise<void> {
      await callPublic('/user', { method: 'PUT', body: { password }, bearer: accessToken, context });
    },
    async logout(accessToken: string, scope: 'global' | 'local' | 'others', context: CallContext): Promise<void> {
      await callPublic(`/logout?scope=${scope}`, { method: 'POST', bearer: accessToken, context });
    },
  };
}
export type AuthApi = ReturnType<typeof createAuthApi>;
