import type { NotificationBody, NotificationSeverity } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';

interface NewFindingItem {
  id: string;
  type: string;
  severity: 'low' | 'medium' | 'high';
  event: string | null;
  property: string | null;
}

const SEVERITY: Record<NewFindingItem['severity'], NotificationSeverity> = {
  high: 'critical',
  medium: 'warning',
  low: 'info',
};
const LISTED = 10;

/**
 * One message for the findings a burst of judgements raised for the first time: how many,
 * the most severe first, at the severity of the worst (so a channel that only wants
 * critical ones hears of a burst holding one), linked to the findings inbox.
 */
export function newFindingsNotification(burst: NotificationBurst): NotificationBody | null {
  const items = burst.items as NewFindingItem[];
  if (items.length === 0) return null;
  const count = burst.itemCount;
  const lines = items.slice(0, LISTED).map((item) => {
    const subject = item.property ? `${item.event} · ${item.property}` : (item.event ?? '');
    return `• ${item.severity} — ${item.type.replace(/_/g, ' ')}: ${subject}`;
  });
  if (count > LISTED) lines.push(`… and ${count - LISTED} more`);
  return {
    companyId: burst.companyId,
    kind: 'finding_new',
    subject: `findings:${burst.companyId}`,
    dedupeKey: `findings-burst:${burst.id}`,
    payload: {
      title: `Analytics discovery: ${count} new ${count === 1 ? 'finding' : 'findings'}`,
      text: lines.join('\n'),
      link: `/company/${burst.companyId}/analytics-discovery`,
      // Items are stored most severe first.
      severity: SEVERITY[items[0].severity],
      category: 'data quality',
    },
  };
}
