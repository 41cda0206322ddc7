import type { BugReportInput, PublicRoadmapItem } from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { apiFetch, authedFetch, currentAccessToken, newIdempotencyKey } from '@tracemap/shell-core';

/**
 * Bug reports and feedback may come from anyone, signed in or not: the token is sent when
 * there is one (so the team knows who wrote), and a 401 never signs anyone out here.
 */
async function post(path: string, body: unknown, idempotencyKey: string): Promise<{ id: string }> {
  const token = await currentAccessToken().catch(() => null);
  return authedFetch<{ id: string }>(path, {
    method: 'POST',
    body,
    token,
    silent: true,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export const sendBugReport = (report: BugReportInput, idempotencyKey = newIdempotencyKey()) =>
  post('/api/support/bug-report', report, idempotencyKey);
export const sendFeedback = (text: string, idempotencyKey = newIdempotencyKey()) =>
  post('/api/support/feedback', { text }, idempotencyKey);

/** `GET /api/account/roadmap`: published items, no login needed. */
export async function listPublicRoadmap(signal?: AbortSignal): Promise<PublicRoadmapItem[]> {
  const { items } = await apiFetch<{ items: PublicRoadmapItem[] }>('/api/account/roadmap', { token: null, signal });
  return items;
}

/** Where a bug was seen: the company and map named by the current path, if any. */
export function supportContextFromPath(pathname: string): { companyId?: string; mapId?: string } {
  const company = /^\/company\/([^/]+)(?:\/maps\/([^/]+))?/.exec(pathname);
  if (company && company[1] !== 'create' && company[1] !== 'slack')
    return { companyId: company[1], ...(company[2] ? { mapId: company[2] } : {}) };
  const preview = /^\/map-preview\/([^/]+)/.exec(pathname);
  return preview ? { mapId: preview[1] } : {};
}
