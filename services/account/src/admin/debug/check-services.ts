import type { ServiceHealth } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import type { ProcessAbout } from '../clients/auth-admin-api';

const VERSION = process.env.APP_VERSION ?? null;

async function probe(
  url: string,
  timeoutMs: number,
): Promise<{ status: number; body: Record<string, unknown> | null; ms: number } | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body, ms: Math.round(performance.now() - started) };
  } catch {
    return null;
  }
}

/**
 * Health (/health) and readiness (/ready) of each service as this one reaches
 * them, with version and uptime from the internal routes of those that publish
 * them (auth and company; subscription does not yet). The version is the
 * deployment's APP_VERSION, null when it names none.
 */
export async function checkServices(ctx: AdminContext): Promise<{ services: ServiceHealth[] }> {
  const { config } = ctx.deps;
  const targets: Array<{ name: string; url: string | null }> = [
    { name: 'account', url: null },
    { name: 'auth', url: config.AUTH_URL },
    { name: 'company', url: config.COMPANY_URL },
    { name: 'subscription', url: ctx.subscription.url },
  ];
  const aboutOf: Record<string, (() => Promise<ProcessAbout>) | undefined> = {
    auth: () => ctx.auth.about(ctx.requestId),
    company: () => ctx.company.about(ctx.requestId),
  };
  const services = await Promise.all(
    targets.map(async ({ name, url }): Promise<ServiceHealth> => {
      if (name === 'account')
        return {
          name,
          health: 'ok',
          ready: 'ready',
          version: VERSION,
          uptimeSeconds: Math.round(process.uptime()),
          latencyMs: 0,
        };
      // Not configured here: nothing to reach.
      if (!url) return { name, health: 'down', ready: 'down', version: null, uptimeSeconds: null, latencyMs: null };
      const [health, ready, about] = await Promise.all([
        probe(new URL('/health', url).toString(), config.INTERNAL_TIMEOUT_MS),
        probe(new URL('/ready', url).toString(), config.INTERNAL_TIMEOUT_MS),
        aboutOf[name]?.().catch(() => null) ?? null,
      ]);
      return {
        name,
        health: health?.status === 200 ? 'ok' : 'down',
        ready: !ready ? 'down' : ready.status === 200 ? 'ready' : 'not_ready',
        version: about?.version ?? null,
        uptimeSeconds: about?.uptimeSeconds ?? null,
        latencyMs: health?.ms ?? null,
      };
    }),
  );
  return { services };
}
