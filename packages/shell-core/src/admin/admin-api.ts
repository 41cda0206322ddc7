import type {
  AdminActionAnswer,
  AdminAuditEntry,
  AdminCompanyDetail,
  AdminCompanySummary,
  AdminCreateCompanyInput,
  AdminCreateUserInput,
  AdminEmailDetail,
  AdminEmailList,
  AdminEmailSummary,
  AdminOverview,
  AdminResendAnswer,
  AdminRoadmapItem,
  AdminServicesAnswer,
  AdminSupportAnswer,
  AdminUserDetail,
  AdminUserSummary,
  EmailSource,
  RoadmapItemChanges,
  RoadmapItemInput,
  SupportStatus,
} from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { authedFetch, currentAccessToken, newIdempotencyKey } from '@tracemap/shell-core';

// The product-admin API (`/api/account/admin/*`). Every call is refused (403) unless the signed-in
// user is a product admin at the moment of the call.

const BASE = '/api/account/admin';
const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  authedFetch<T>(`${BASE}${path}`, { query });
const send = <T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => authedFetch<T>(`${BASE}${path}`, { method, body, headers });

export const getAdminOverview = () => get<AdminOverview>('/overview');
export const listAdminAudit = async (limit = 50) =>
  (await get<{ entries: AdminAuditEntry[] }>('/audit', { limit })).entries;

export const searchAdminUsers = async (q: string) => (await get<{ users: AdminUserSummary[] }>('/users', { q })).users;
export const getAdminUser = (userId: string) => get<AdminUserDetail>(`/users/${encodeURIComponent(userId)}`);
export const createAdminUser = (input: AdminCreateUserInput, idempotencyKey = newIdempotencyKey()) =>
  send<{ userId: string; email: string; invited: boolean; companyRole: string | null }>('POST', '/users', input, {
    'idempotency-key': idempotencyKey,
  });
const userAction = (userId: string, action: string, method: 'POST' | 'PUT' = 'POST', body?: unknown) =>
  send<AdminActionAnswer>(method, `/users/${encodeURIComponent(userId)}/${action}`, body);
export const resendUserConfirmation = (userId: string) => userAction(userId, 'resend-confirmation');
export const sendUserPasswordReset = (userId: string) => userAction(userId, 'password-reset');
export const setUserPasswordResetRequired = (userId: string, value: boolean) =>
  userAction(userId, 'password-reset-required', 'PUT', { value });
export const setUserProductAdmin = (userId: string, value: boolean) =>
  userAction(userId, 'product-admin', 'PUT', { value });
export const endUserSessions = (userId: string) => userAction(userId, 'sessions/end');

export const searchAdminCompanies = async (q: string) =>
  (await get<{ companies: AdminCompanySummary[] }>('/companies', { q })).companies;
export const getAdminCompany = (companyId: string) =>
  get<AdminCompanyDetail>(`/companies/${encodeURIComponent(companyId)}`);
/** One key per form submission, so a retried click creates one company. */
export const createAdminCompany = (input: AdminCreateCompanyInput, idempotencyKey = newIdempotencyKey()) =>
  send<{ companyId: string; name: string; ownerUserId: string; ownerInvited: boolean }>('POST', '/companies', input, {
    'idempotency-key': idempotencyKey,
  });

export const listAdminEmails = (search: {
  recipient?: string;
  template?: string;
  status?: AdminEmailSummary['status'];
}) => get<AdminEmailList>('/emails', search);
export const getAdminEmail = (source: EmailSource, id: string) =>
  get<AdminEmailDetail>(`/emails/${source}/${encodeURIComponent(id)}`);
export const resendAdminEmail = (source: EmailSource, id: string) =>
  send<AdminResendAnswer>('POST', `/emails/${source}/${encodeURIComponent(id)}/resend`);
export const sendAdminTestEmail = (to: string) => send<{ id: string }>('POST', '/emails/test', { to });

export const listAdminRoadmap = async () => (await get<{ items: AdminRoadmapItem[] }>('/roadmap')).items;
export const createRoadmapItem = (input: RoadmapItemInput) => send<AdminRoadmapItem>('POST', '/roadmap', input);
export const updateRoadmapItem = (id: string, changes: RoadmapItemChanges) =>
  send<AdminRoadmapItem>('PATCH', `/roadmap/${encodeURIComponent(id)}`, changes);
export const deleteRoadmapItem = (id: string) => send<void>('DELETE', `/roadmap/${encodeURIComponent(id)}`);
export const reorderRoadmap = async (ids: string[]) =>
  (await send<{ items: AdminRoadmapItem[] }>('PUT', '/roadmap/order', { ids })).items;

export const listSupportMessages = (status?: SupportStatus) => get<AdminSupportAnswer>('/support', { status });
export const setSupportMessageStatus = (kind: 'bug-reports' | 'feedback', id: string, status: SupportStatus) =>
  send<AdminActionAnswer>('PUT', `/support/${kind}/${encodeURIComponent(id)}/status`, { status });

export const getServiceHealth = async () => (await get<AdminServicesAnswer>('/debug/services')).services;
/**
 * Fails on purpose on the server. Answers what came back — the error body and the request id
 * the gateway gave the call, which is how the error is found in the logs.
 */
export async function raiseAdminTestError(): Promise<{
  statusCode: number;
  message: string;
  requestId: string | null;
}> {
  const token = await currentAccessToken();
  const res = await fetch(`${BASE}/debug/error`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return {
    statusCode: res.status,
    message: body.message ?? res.statusText,
    requestId: res.headers.get('x-request-id'),
  };
}
