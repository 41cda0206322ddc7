import type { AuthDeps, RequestMeta } from './deps';

export type LimitedAction = 'signin' | 'signup' | 'recover' | 'resend' | 'verify' | 'otp' | 'pkce';

/** Per-IP and per-email buckets of one sign-in-like action (each action counted on its own). */
export function checkAuthLimits(
  deps: AuthDeps,
  action: LimitedAction,
  meta: RequestMeta,
  email?: string | null,
): Promise<void> {
  const c = deps.config;
  const window = c.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const buckets = [
    { key: `ip:${action}:${meta.ip}`, limit: { capacity: c.AUTH_RATE_LIMIT_PER_IP, windowSeconds: window } },
  ];
  if (email)
    buckets.push({
      key: `email:${action}:${email}`,
      limit: { capacity: c.AUTH_RATE_LIMIT_PER_EMAIL, windowSeconds: window },
    });
  return deps.limiter.check(buckets);
}

export function checkRefreshLimit(deps: AuthDeps, meta: RequestMeta): Promise<void> {
  const c = deps.config;
  return deps.limiter.check([
    {
      key: `ip:refresh:${meta.ip}`,
      limit: { capacity: c.AUTH_RATE_LIMIT_REFRESH, windowSeconds: c.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    },
  ]);
}

/** MFA challenge and verify: per IP and per user. */
export function checkMfaLimits(deps: AuthDeps, meta: RequestMeta, userId: string): Promise<void> {
  const c = deps.config;
  const limit = { capacity: c.AUTH_RATE_LIMIT_MFA, windowSeconds: c.AUTH_RATE_LIMIT_MFA_WINDOW_SECONDS };
  return deps.limiter.check([
    { key: `ip:mfa:${meta.ip}`, limit },
    { key: `user:mfa:${userId}`, limit },
  ]);
}
