import { ERRORS } from '../core/errors';
import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { hashToken, randomToken } from './install-state';

export const SLACK_SCOPES = ['incoming-webhook', 'chat:write', 'chat:write.public', 'channels:read'];

export const callbackUrl = (publicUrl: string) =>
  new URL('/api/integrations/slack/oauth/callback', publicUrl).toString();

/**
 * An admin starts an install: a random state (kept only as its hash, for a short time, for
 * this user and company) and a second random value for the browser's cookie. The popup is
 * sent to Slack's consent page with the state.
 */
export async function startInstall(
  deps: IntegrationsDeps,
  actor: CompanyActor,
): Promise<{ url: string; cookie: string }> {
  if (!deps.config.SLACK_CLIENT_ID || !deps.secrets) throw ERRORS.slackNotConfigured();
  const state = randomToken();
  const cookie = randomToken();
  await tenantTransaction(deps.db, actor.companyId, async (client) => {
    await client.query(`DELETE FROM integrations.slack_install_states WHERE company_id = $1 AND expires_at < now()`, [
      actor.companyId,
    ]);
    await client.query(
      `INSERT INTO integrations.slack_install_states (state_hash, company_id, user_id, cookie_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))`,
      [hashToken(state), actor.companyId, actor.userId, hashToken(cookie), deps.config.SLACK_INSTALL_STATE_TTL_MS],
    );
  });
  const url = new URL(deps.config.SLACK_AUTHORIZE_URL);
  url.searchParams.set('client_id', deps.config.SLACK_CLIENT_ID);
  url.searchParams.set('scope', SLACK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', callbackUrl(deps.config.PUBLIC_URL));
  url.searchParams.set('state', state);
  return { url: url.toString(), cookie };
}
