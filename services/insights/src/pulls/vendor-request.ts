import { setTimeout as wait } from 'node:timers/promises';
import { PullFailure } from './pull-failure';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Waits longer than this (a vendor's `Retry-After` included) are not waited: the pull fails instead. */
  maxWaitMs: number;
  /** The first wait without a `Retry-After`; each next one doubles. */
  baseDelayMs: number;
}

const retryable = (status: number) => status === 429 || status >= 500;

/** `Retry-After` as milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * One request to a vendor, sent again on 429, a 5xx or a lost connection, waiting what the
 * vendor's `Retry-After` asks (or a doubling delay), at most `attempts` times. The last answer
 * is returned whatever its status, for the caller to put in words; a connection that never
 * succeeds is a PullFailure naming the vendor.
 */
export async function vendorRequest(
  vendor: string,
  send: () => Promise<Response>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await send();
    } catch (error) {
      if (signal?.aborted) throw error;
      failure = error;
    }
    if (response && !retryable(response.status)) return response;
    const delay =
      (response && retryAfterMs(response.headers.get('retry-after'))) ?? policy.baseDelayMs * 2 ** (attempt - 1);
    if (attempt >= policy.attempts || delay > policy.maxWaitMs) {
      if (response) return response;
      throw new PullFailure(
        `${vendor} could not be reached after ${attempt} attempt${attempt === 1 ? '' : 's'} (${describe(failure)})`,
      );
    }
    // The answer is dropped unread; its body must be released before the next attempt.
    await response?.body?.cancel().catch(() => undefined);
    await wait(delay, undefined, { signal });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return String(error);
}
