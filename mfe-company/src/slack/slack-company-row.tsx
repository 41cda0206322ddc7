import { useState } from 'react';
import { hasAccess, type SlackInstallationStatus } from '@tracemap/contracts';
import type { CompanyPermission } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { disconnectSlack, sendSlackTestMessage } from './slack-api';
import { SlackSubscriptions } from './slack-subscriptions';

function statusText(status: SlackInstallationStatus | undefined): string {
  if (!status) return 'Loading…';
  if (status.status === 'connected')
    return status.channel ? `Connected to #${status.channel.name}` : `Connected to ${status.team?.name ?? 'Slack'}`;
  if (status.status === 'revoked') return 'Disconnected by Slack: connect again to get notifications';
  return 'Not connected';
}

/** One company on the Slack page: its status, paused channels, and for admins the actions. */
export function SlackCompanyRow({
  company,
  status,
  installing,
  onInstall,
  onChanged,
}: {
  company: CompanyPermission;
  status: SlackInstallationStatus | undefined;
  installing: boolean;
  onInstall: () => void;
  onChanged: () => void;
}) {
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const admin = hasAccess(company.role, 'admin');
  const connected = status?.status === 'connected';
  const act = (work: () => Promise<unknown>, done: string) => () => {
    setError(null);
    setNotice(null);
    work().then(
      () => {
        setNotice(done);
        onChanged();
      },
      (failure: unknown) => setError(failure),
    );
  };

  return (
    <li className="co-card" data-testid="slack-company" data-company-id={company.id}>
      <h2>{company.name}</h2>
      <p data-testid="slack-status">{statusText(status)}</p>
      {connected && status?.team ? <p className="co-muted">Workspace: {status.team.name}</p> : null}
      {(status?.paused ?? []).map((paused) => (
        <p key={paused.subscriptionId} className="co-error" role="alert" data-testid="slack-paused">
          Posting to #{paused.channelName} is paused ({paused.reason.replace(/_/g, ' ')}). Invite the app to the channel
          or choose another one, then save its subscription again.
        </p>
      ))}
      {connected ? (
        <SlackSubscriptions companyId={company.id} editable={admin} version={status} onSaved={onChanged} />
      ) : null}
      {admin ? (
        <div className="co-actions">
          {!connected ? (
            <Button onClick={onInstall} disabled={installing} data-testid="slack-install">
              {installing ? 'Waiting for Slack…' : 'Add to Slack'}
            </Button>
          ) : (
            <>
              <Button
                onClick={act(() => sendSlackTestMessage(company.id), 'Test message sent.')}
                data-testid="slack-test"
              >
                Send test message
              </Button>
              <Button
                onClick={act(() => disconnectSlack(company.id), 'Slack disconnected.')}
                data-testid="slack-disconnect"
              >
                Disconnect
              </Button>
            </>
          )}
        </div>
      ) : (
        <p className="co-muted" data-testid="slack-admin-only">
          Only an owner or an admin of this company can connect Slack.
        </p>
      )}
      {notice ? (
        <p className="co-ok" role="status">
          {notice}
        </p>
      ) : null}
      <ApiErrorMessage error={error} testId="slack-error" />
    </li>
  );
}
