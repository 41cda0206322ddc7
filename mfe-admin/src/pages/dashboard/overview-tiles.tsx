import type { AdminOverview } from '@tracemap/shell-core/admin';
import { Bars, Sparkline } from '../../shared/charts';

const unavailable = <span className="adm-muted">unavailable</span>;

/** The product at a glance; a tile whose service did not answer says so instead of showing 0. */
export function OverviewTiles({ overview }: { overview: AdminOverview }) {
  const { users, companies, subscriptions, emails } = overview;
  return (
    <div className="adm-grid" data-testid="admin-overview">
      <div className="adm-card">
        <h3>Users</h3>
        {users ? (
          <>
            <div className="adm-big" data-testid="overview-users-total">
              {users.total}
            </div>
            <div className="adm-muted">
              {users.confirmed} confirmed · {users.newThisWeek} new this week
            </div>
            <Sparkline values={users.dailySignups} label="Sign-ups per day, last 14 days" />
          </>
        ) : (
          unavailable
        )}
      </div>
      <div className="adm-card">
        <h3>Companies</h3>
        {companies ? (
          <>
            <div className="adm-big">{companies.total}</div>
            <div className="adm-muted">{companies.newThisWeek} new this week</div>
          </>
        ) : (
          unavailable
        )}
      </div>
      <div className="adm-card">
        <h3>Subscriptions by status</h3>
        {subscriptions ? <Bars entries={Object.entries(subscriptions)} label="Subscriptions by status" /> : unavailable}
      </div>
      <div className="adm-card">
        <h3>Emails, last 24 h</h3>
        <div className="adm-muted">
          {emails.queued} queued · {emails.sent} sent ·{' '}
          <span className={emails.failed ? 'adm-error' : ''}>{emails.failed} failed</span>
        </div>
        <Sparkline values={emails.hourly} label="Emails per hour, last 24 hours" />
        {emails.unavailable.length > 0 && (
          <div className="adm-muted">Not reachable: {emails.unavailable.join(', ')}</div>
        )}
      </div>
      <div className="adm-card">
        <h3>Open bug reports</h3>
        <div className="adm-big">{overview.openBugReports}</div>
      </div>
    </div>
  );
}
