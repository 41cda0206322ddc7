import type { NotificationBody, NotificationSeverity } from '@tracemap/contracts';

export interface SubscriptionRule {
  kinds: string[];
  tags: string[];
  categories: string[];
  min_severity: NotificationSeverity;
  mode: 'immediate' | 'digest';
  quiet_start: number | null;
  quiet_end: number | null;
}

const RANK: Record<NotificationSeverity, number> = { info: 0, warning: 1, critical: 2 };
/** Digests go out once a day, at this hour (UTC). */
export const DIGEST_HOUR = 9;

/**
 * Whether a subscription wants a notification: its kind, at least its severity, and, when the
 * subscription names tags or categories, one of them. A test message reaches every subscription.
 */
export function wants(rule: SubscriptionRule, notification: NotificationBody): boolean {
  if (notification.kind === 'test_message') return true;
  if (!rule.kinds.includes(notification.kind)) return false;
  const { payload } = notification;
  if (RANK[payload.severity ?? 'info'] < RANK[rule.min_severity]) return false;
  if (rule.tags.length > 0 && !(payload.tags ?? []).some((tag) => rule.tags.includes(tag))) return false;
  if (rule.categories.length > 0 && !(payload.category && rule.categories.includes(payload.category))) return false;
  return true;
}

const inQuietHours = (hour: number, start: number, end: number) =>
  start <= end ? hour >= start && hour < end : hour >= start || hour < end;

/** Whether a message waits for the subscription's daily digest (a test message never does). */
export const inDigest = (rule: SubscriptionRule, kind: string): boolean =>
  rule.mode === 'digest' && kind !== 'test_message';

/**
 * When a message may go out: now, or after the quiet hours (UTC) end, or at the next digest
 * hour for a digest subscription. A test message always goes now.
 */
export function earliestSend(rule: SubscriptionRule, kind: string, now: Date): Date {
  if (kind === 'test_message') return now;
  if (inDigest(rule, kind)) return nextHour(now, DIGEST_HOUR);
  if (rule.quiet_start !== null && rule.quiet_end !== null && rule.quiet_start !== rule.quiet_end)
    if (inQuietHours(now.getUTCHours(), rule.quiet_start, rule.quiet_end)) return nextHour(now, rule.quiet_end);
  return now;
}

function nextHour(now: Date, hour: number): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
