import type { FastifyRequest } from 'fastify';

/**
 * The caller's address. Behind the gateway the last X-Forwarded-For hop is
 * the one the gateway appended; earlier hops are client-controlled.
 */
export function clientIp(request: FastifyRequest, trustProxy: boolean): string {
  if (trustProxy) {
    const header = request.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    if (value) {
      const hops = value
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      if (hops.length > 0) return hops[hops.length - 1];
    }
  }
  return request.ip;
}
