import type { ServiceHealth } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';

const STARTED_VERSION = process.env.APP_VERSION ?? process.env.npm_package_version ?? null;

async function probe(url: string, timeoutMs: number): Promise<{ status: number; body: Record<string, unknown> | null; ms: number } | null> {
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
 * them. Version and uptime are known for this service only: the others do not
 * publish them.
 */
export async function checkServices(ctx: AdminContext): Promise<{ services: ServiceHealth[] }> {
  const { config } = ctx.deps;
  const targets: Array<{ name: string; url: string | null }> = [
    { name: 'account', url: null },
    { name: 'auth', url: config.AUTH_URL },
    { name: 'company', url: config.COMPANY_URL },
    { name: 'subscription', url: ctx.subscription.url },
  ];
  const services = await Promise.all(
    targets.map(async ({ name, url }): Promise<ServiceHealth> => {
      if (name === 'account') return { name, health: 'ok', ready: 'ready', version: STARTED_VERSION, uptimeSeconds: Math.round(process.uptime()), latencyMs: 0 };
      // Not configured here: nothing to reach.
      if (!url) return { name, health: 'down', ready: 'down', version: null, uptimeSeconds: null, latencyMs: null };
      const [health, ready] = await Promise.all([probe(new URL('/health', url).toString(), config.INTERNAL_TIMEOUT_MS), probe(new URL('/ready', url).toString(), config.INTERNAL_TIMEOUT_MS)]);
      return {
        name,
        health: health?.status === 200 ? 'ok' : 'down',
        ready: !ready ? 'down' : ready.status === 200 ? 'ready' : 'not_ready',
        version: null,
        uptimeSeconds: null,
        latencyMs: health?.ms ?? null,
      };
    }),
  );
  return { services };
}
