import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';
import { APP_ROLE, tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { markRevoked } from '../slack/installation-repository';

export interface SlackEnvelope {
  type?: unknown;
  challenge?: unknown;
  team_id?: unknown;
  event?: { type?: unknown; tokens?: { bot?: unknown } };
}

/**
 * A verified event: Slack's URL check is answered with its challenge; the app removed from a
 * workspace, or its bot tokens revoked, marks every installation of that workspace revoked
 * (secrets wiped, queued messages dropped). Other events are acknowledged and ignored.
 */
export async function handleEvent(deps: IntegrationsDeps, envelope: SlackEnvelope): Promise<{ challenge?: string }> {
  if (envelope.type === 'url_verification') return { challenge: String(envelope.challenge ?? '') };
  if (envelope.type !== 'event_callback' || typeof envelope.team_id !== 'string') return {};
  const type = envelope.event?.type;
  const botTokensRevoked =
    type === 'tokens_revoked' && Array.isArray(envelope.event?.tokens?.bot) && envelope.event.tokens.bot.length > 0;
  if (type !== 'app_uninstalled' && !botTokensRevoked) return {};
  const teamId = envelope.team_id;
  const companies = await roleTransaction(deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT integrations.companies_of_team($1) AS id`, [teamId]);
    return rows.map((r) => r.id);
  });
  for (const companyId of companies) {
    await tenantTransaction(deps.db, companyId, (client) => markRevoked(client, companyId));
    deps.log.warn({ companyId, teamId, event: type }, 'slack installation revoked by the workspace');
  }
  return {};
}
