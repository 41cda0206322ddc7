import type {
  Company,
  CompanyInfo,
  CompanyPermission,
  CompanyRole,
  Invitation,
  InvitationDetails,
  InviteInput,
  JoinedCompany,
  SettingsInput,
} from './types';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { apiFetch, authedFetch, type ApiFetchOptions } from '@tracemap/shell-core';

type CallOptions = Omit<ApiFetchOptions, 'token'> & { anonymous?: boolean };

/**
 * Company calls carry the session's bearer token, and a 401 signs out and goes to /login
 * (authedFetch); the public invitation calls go without a token.
 */
function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { anonymous, ...rest } = options;
  const url = `/api/company${path}`;
  return anonymous ? apiFetch<T>(url, { ...rest, token: null }) : authedFetch<T>(url, rest);
}

const inflightInfo = new Map<string, Promise<CompanyInfo>>();

/** `GET /api/company/mine`: the caller's companies with their role. */
export async function listMyCompanies(): Promise<CompanyPermission[]> {
  const { companies } = await call<{ companies: CompanyPermission[] }>('/mine');
  return companies;
}

/** `POST /api/company/create`; the same idempotency key replays the first answer instead of creating twice. */
export function createCompany(name: string, idempotencyKey: string): Promise<{ company: Company; role: 'owner' }> {
  return call('/create', { method: 'POST', body: { name }, headers: { 'idempotency-key': idempotencyKey } });
}

/** `POST /api/company/info`; concurrent calls for one company share a request. */
export function getCompanyInfo(companyId: string): Promise<CompanyInfo> {
  let pending = inflightInfo.get(companyId);
  if (!pending) {
    pending = call<CompanyInfo>('/info', { method: 'POST', body: { companyId } }).finally(() =>
      inflightInfo.delete(companyId),
    );
    inflightInfo.set(companyId, pending);
  }
  return pending;
}

export async function updateCompanySettings(input: SettingsInput): Promise<Company> {
  const { company } = await call<{ company: Company }>('/update-settings', { method: 'POST', body: input });
  return company;
}

export async function inviteMember(input: InviteInput, idempotencyKey: string): Promise<Invitation> {
  const { invitation } = await call<{ invitation: Invitation }>('/invite', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
  return invitation;
}

export async function listInvitations(companyId: string): Promise<Invitation[]> {
  const { invitations } = await call<{ invitations: Invitation[] }>('/get-invitations', {
    method: 'POST',
    body: { companyId },
  });
  return invitations;
}

export async function resendInvitation(invitationId: string): Promise<Invitation> {
  const { invitation } = await call<{ invitation: Invitation }>('/invite', { method: 'PUT', body: { invitationId } });
  return invitation;
}

export async function revokeInvitation(invitationId: string): Promise<Invitation> {
  const { invitation } = await call<{ invitation: Invitation }>('/invite', {
    method: 'DELETE',
    body: { invitationId },
  });
  return invitation;
}

/** Public: what the invitation page shows (410 when used or expired). */
export async function getInvitationDetails(invitationId: string): Promise<InvitationDetails> {
  const { invitation } = await call<{ invitation: InvitationDetails }>('/invite', {
    query: { invitationId },
    anonymous: true,
  });
  return invitation;
}

/** An existing, logged-in user joins with the invited email. */
export function acceptInvitation(input: {
  invitationId: string;
  email: string;
  firstName: string;
  lastName: string;
}): Promise<JoinedCompany> {
  return call('/accept-invite', { method: 'POST', body: input });
}

/** A new user proves the address with the emailed one-time token; the service creates the account and the membership. */
export function claimInvitation(
  invitationId: string,
  input: { token: string; password: string; firstName: string; lastName: string },
): Promise<JoinedCompany & { email: string }> {
  return call(`/invitations/${encodeURIComponent(invitationId)}/claim`, {
    method: 'POST',
    body: input,
    anonymous: true,
  });
}

export async function changeMemberRole(
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<{ userId: string; role: CompanyRole }> {
  const { member } = await call<{ member: { userId: string; role: CompanyRole } }>('/permissions', {
    method: 'PATCH',
    body: { companyId, userId, role },
  });
  return member;
}

export async function removeMember(companyId: string, userId: string): Promise<void> {
  await call('/permissions', { method: 'DELETE', body: { companyId, userId } });
}
