/** The generic fetch client retries a GET once on these statuses; never POST/PUT/PATCH/DELETE. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return method.toUpperCase() === 'GET' && attempt === 0 && RETRY_STATUSES.has(status);
}
