import type { NotificationBody } from '@tracemap/contracts';

const LABELS: Record<NotificationBody['kind'], string> = {
  plan_changed: 'Plan change',
  import_finished: 'Import',
  map_shared: 'Map shared',
  member_changed: 'Members',
  finding_new: 'New finding',
  findings_digest: 'Findings digest',
  integration_failed: 'Integration problem',
  test_message: 'Test',
};

/** Slack's mrkdwn treats these three as control characters in user text. */
const escapeMrkdwn = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A notification as Block Kit (a section with the linked title and text, a context line) and
 * the plain text Slack shows where blocks are not rendered (notifications, screen readers).
 */
export function renderMessage(
  notification: Pick<NotificationBody, 'kind' | 'payload'>,
  publicUrl: string,
): { text: string; blocks: unknown[] } {
  const { payload } = notification;
  const link = payload.link ? new URL(payload.link, publicUrl).toString() : null;
  const title = escapeMrkdwn(payload.title);
  const heading = link ? `*<${link}|${title}>*` : `*${title}*`;
  const body = payload.text ? `\n${escapeMrkdwn(payload.text)}` : '';
  const context = [LABELS[notification.kind], payload.severity, payload.actor ? `by ${payload.actor}` : null]
    .filter(Boolean)
    .map((part) => escapeMrkdwn(String(part)))
    .join(' · ');
  const blocks: unknown[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `${heading}${body}`.slice(0, 3000) } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: context }] },
  ];
  const text = [payload.title, payload.text, link].filter(Boolean).join(' — ');
  return { text: text.slice(0, 4000), blocks };
}
