import { useCallback, useEffect, useState } from 'react';
import type { SlackInstallationStatus } from '@tracemap/contracts';
import { type CompanyPermission } from '@tracemap/shell-core';
import { listMyCompanies } from '@tracemap/shell-core/company-api';
import { ApiErrorMessage } from '../components/api-error';
import { getSlackStatus } from './slack-api';
import { SlackCompanyRow } from './slack-company-row';
import { useSlackInstall } from './use-slack-install';

const FAILURES: Record<string, string> = {
  invalid_state: 'The Slack sign-in expired or was opened elsewhere. Try again.',
  access_denied: 'Slack was not connected: the request was cancelled in Slack.',
  exchange_failed: 'Slack did not accept the connection. Try again.',
  popup_blocked: 'Your browser blocked the Slack window. Allow popups for this site and try again.',
};

/** /company/slack: each of the user's companies with its Slack status; admins connect and disconnect. */
export function CompanySlackPage() {
  const [companies, setCompanies] = useState<CompanyPermission[] | null>(null);
  const [statuses, setStatuses] = useState<Record<string, SlackInstallationStatus>>({});
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback((companyId: string) => {
    getSlackStatus(companyId).then(
      (status) => setStatuses((current) => ({ ...current, [companyId]: status })),
      (failure: unknown) => setError(failure),
    );
  }, []);
  const install = useSlackInstall(refresh);

  useEffect(() => {
    let alive = true;
    listMyCompanies().then(
      (list) => {
        if (!alive) return;
        setCompanies(list);
        for (const company of list) refresh(company.id);
      },
      (failure: unknown) => alive && setError(failure),
    );
    return () => {
      alive = false;
    };
  }, [refresh]);

  const local = Object.values(statuses).some((s) => s.localSlack);
  return (
    <section className="tm-container co-page" data-testid="company-slack-page">
      <h1>Slack</h1>
      <p className="co-muted">Plan changes and data-quality findings, posted to the channels your team reads.</p>
      {local ? (
        <p className="co-card" data-testid="slack-local-note">
          This server has no Slack app configured: connecting uses a local Slack stand-in, so the whole flow can be
          tried without a workspace.
        </p>
      ) : null}
      {install.failure ? (
        <p className="co-error" role="alert" data-testid="slack-install-error" data-code={install.failure}>
          {FAILURES[install.failure] ?? `Slack was not connected (${install.failure}).`}
        </p>
      ) : null}
      <ApiErrorMessage error={error} />
      {companies === null && !error ? <p className="co-muted">Loading your companies…</p> : null}
      {companies?.length === 0 ? <p>You are not a member of any company yet.</p> : null}
      <ul className="co-list" style={{ display: 'grid', gap: 12 }}>
        {(companies ?? []).map((company) => (
          <SlackCompanyRow
            key={company.id}
            company={company}
            status={statuses[company.id]}
            installing={install.pending === company.id}
            onInstall={() => install.start(company.id)}
            onChanged={() => refresh(company.id)}
          />
        ))}
      </ul>
    </section>
  );
}
