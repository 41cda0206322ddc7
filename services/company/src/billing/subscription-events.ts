import type pg from 'pg';
import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import { NotificationChannel, notifyProbe } from '@tracemap/service-kit';
import type { ChangeListener } from '../core/deps';

/**
 * Hears billing's announcements of subscription changes (a company id per notification) so
 * every replica drops its cached status at once, not only the one billing called. While the
 * channel is down the status cache's TTL still bounds how stale an answer can be. The probe
 * is sent on this service's own connection: it proves the listener works, not that billing
 * shares the database (it does under `npm start`; otherwise the TTL is the bound).
 */
export function listenForSubscriptionChanges(options: {
  db: pg.Pool;
  databaseUrl: string;
  onChange: (companyId: string) => void;
}): ChangeListener {
  const channel = new NotificationChannel({
    databaseUrl: options.databaseUrl,
    channel: SUBSCRIPTION_EVENTS_CHANNEL,
    applicationName: 'company_subscription_listener',
    probe: notifyProbe(options.db, SUBSCRIPTION_EVENTS_CHANNEL),
  });
  channel.on('message', (companyId: string) => options.onChange(companyId));
  return {
    channel,
    start: (log) => channel.start(log),
    stop: () => channel.stop(),
  };
}
