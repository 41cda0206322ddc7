import { NOTIFICATION_KINDS, type SlackInstallError } from '@tracemap/contracts';
import { randomUUID } from 'node:crypto';
import { hasAccess } from '@tracemap/contracts';
import { tenantTransaction, APP_ROLE } from '../core/tenant';
import { roleTransaction, roleSettingsStatement } from '@tracemap/service-kit';
import type { IntegrationsDeps } from '../deps';
import { hashToken } from './install-state';
import { classifySlackError } from './slack-api';
import { callbackUrl } from './start-install';

export interface CallbackInput {
  code?: string;
  state?: string;
  error?: string;
  /** The install cookie's value. */
  cookie: string;
}

export type InstallOutcome = { ok: true } | { ok: false; code: SlackInstallError };

interface TakenState {
  company_id: string;
  user_id: string;
  cookie_hash: string;
  expired: boolean;
}

/**
 * Slack sends the popup back here. The state is taken (so used once, whatever follows) and must
 * be unexpired, match this browser's cookie, and belong to a user who is still an admin of the
 * company; then Slack's answer: a denial, or a code exchanged for the installation, which is
 * stored with its secrets sealed. The channel Slack's consent page picked gets every kind.
 */
export async function completeInstall(
  deps: IntegrationsDeps,
  input: CallbackInput,
  requestId?: string,
): Promise<InstallOutcome> {
  if (!input.state || !input.cookie) return { ok: false, code: 'invalid_state' };
  const taken = await takeState(deps, hashToken(input.state));
  if (!taken || taken.expired || taken.cookie_hash !== hashToken(input.cookie))
    return { ok: false, code: 'invalid_state' };
  // Asked afresh, not from the kept roles: installing is rare and must follow a demotion at once.
  const role = await deps.peers.memberRole(taken.company_id, taken.user_id, requestId);
  if (!hasAccess(role, 'admin')) return { ok: false, code: 'invalid_state' };
  if (input.error || !input.code)
    return { ok: false, code: input.error === 'access_denied' ? 'access_denied' : 'exchange_failed' };
  if (!deps.secrets) return { ok: false, code: 'exchange_failed' };
  let access;
  try {
    access = await deps.slack.exchangeCode(input.code, callbackUrl(deps.config.PUBLIC_URL));
  } catch (error) {
    deps.log.warn({ companyId: taken.company_id, slack: classifySlackError(error) }, 'slack code exchange failed');
    return { ok: false, code: 'exchange_failed' };
  }
  if (!access.access_token || !access.team?.id) return { ok: false, code: 'exchange_failed' };
  const secrets = deps.secrets;
  const companyId = taken.company_id;
  const hook = access.incoming_webhook;
  const channelName = (hook?.channel ?? '').replace(/^#/, '');
  await tenantTransaction(deps.db, companyId, async (client) => {
    await client.query(
      `INSERT INTO integrations.slack_installations
         (company_id, status, team_id, team_name, channel_id, channel_name, bot_user_id, bot_token, webhook_url, installed_by)
       VALUES ($1, 'connected', $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (company_id) DO UPDATE SET status = 'connected', team_id = EXCLUDED.team_id,
         team_name = EXCLUDED.team_name, channel_id = EXCLUDED.channel_id, channel_name = EXCLUDED.channel_name,
         bot_user_id = EXCLUDED.bot_user_id, bot_token = EXCLUDED.bot_token, webhook_url = EXCLUDED.webhook_url,
         installed_by = EXCLUDED.installed_by, installed_at = now(), revoked_at = NULL`,
      [
        companyId,
        access.team!.id,
        access.team!.name ?? '',
        hook?.channel_id ?? null,
        channelName || null,
        access.bot_user_id ?? null,
        secrets.seal(access.access_token!, `slack-token:${companyId}`),
        hook?.url ? secrets.seal(hook.url, `slack-webhook:${companyId}`) : null,
        taken.user_id,
      ],
    );
    if (hook?.channel_id)
      await client.query(
        `INSERT INTO integrations.slack_subscriptions (id, company_id, channel_id, channel_name, kinds)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (company_id, channel_id) DO UPDATE SET paused_reason = NULL, channel_name = EXCLUDED.channel_name`,
        [randomUUID(), companyId, hook.channel_id, channelName || hook.channel_id, [...NOTIFICATION_KINDS]],
      );
  });
  deps.log.info({ companyId, teamId: access.team.id }, 'slack installed');
  return { ok: true };
}

async function takeState(deps: IntegrationsDeps, stateHash: string): Promise<TakenState | null> {
  return roleTransaction(deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
    const { rows } = await client.query<TakenState>(
      `SELECT company_id, user_id, cookie_hash, expires_at < now() AS expired
         FROM integrations.take_install_state($1)`,
      [stateHash],
    );
    return rows[0] ?? null;
  });
}
