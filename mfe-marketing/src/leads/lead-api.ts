import { apiFetch } from '@tracemap/shell-core';

/** Field name of the hidden trap: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = 'website';

/** `POST /api/account/lead`: the form's values as text, the trap included (empty for people). */
export async function sendLead(leadData: Record<string, string>): Promise<void> {
  await apiFetch('/api/account/lead', { method: 'POST', body: { leadData }, token: null });
}
