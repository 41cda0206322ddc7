import type { NotificationBody } from '@tracemap/contracts';

const LABELS: Record<NotificationBody['kind'], string> = {
  plan_changed: 'Plan change',
  import_finished: 'Import',
  map_shared: 'Map shared',
  member_changed: 'Members',
  proposal_changed: 'Proposal',
  review_requested: 'Review requested',
  finding_new: 'New finding',
  findings_digest: 'Findings digest',
  integration_failed: 'Integration problem',
  test_message: 'Test',
};

/** Slack's mrkdwn treats these three as control characters in user text. */
const escapeMrkdwn = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const linkOf = (payload: NotificationBody['payload'], publicUrl: string) =>
  payload.link ? new URL(payload.link, publicUrl).toString() : null;

/** Items listed one by one in a digest; the rest are counted. */
export const DIGEST_LISTED = 30;
/** Slack's limit on one section's text. */
const SECTION_LIMIT = 3000;

/**
 * A notification as Block Kit (a section with the linked title and text, a context line) and
 * the plain text Slack shows where blocks are not rendered (notifications, screen readers).
 */
export function renderMessage(
  notification: Pick<NotificationBody, 'kind' | 'payload'>,
  publicUrl: string,
): { text: string; blocks: unknown[] } {
  const { payload } = notification;
  const link = linkOf(payload, publicUrl);
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

/**
 * A digest subscription's due notifications as one message: a heading with the count, the
 * items grouped under their kind (each linked title on its own line), and a count of those not
 * listed. The text fallback names every listed title.
 */
export function renderDigest(
  items: Pick<NotificationBody, 'kind' | 'payload'>[],
  publicUrl: string,
): { text: string; blocks: unknown[] } {
  const listed = items.slice(0, DIGEST_LISTED);
  const heading = `Digest: ${items.length} ${items.length === 1 ? 'notification' : 'notifications'}`;
  const sections: string[] = [];
  for (const kind of [...new Set(listed.map((item) => item.kind))]) {
    const lines = listed
      .filter((item) => item.kind === kind)
      .map(({ payload }) => {
        const link = linkOf(payload, publicUrl);
        const title = escapeMrkdwn(payload.title);
        return `• ${link ? `<${link}|${title}>` : title}`;
      });
    let section = `*${LABELS[kind]}*`;
    for (const line of lines) {
      if (section.length + line.length + 1 > SECTION_LIMIT) {
        sections.push(section);
        section = line;
      } else section += `\n${line}`;
    }
    sections.push(section);
  }
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: heading } },
    ...sections.map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } })),
  ];
  const rest = items.length - listed.length;
  if (rest > 0) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `and ${rest} more` }] });
  const text = `${heading} — ${listed.map((item) => item.payload.title).join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`;
  return { text: text.slice(0, 4000), blocks };
}
