import type { NotificationBody } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';

interface PlanChangeItem {
  entity: 'attribute' | 'event' | 'view';
  id: string;
  action: string;
  actor: string;
  userId: string | null;
  name: string | null;
}

const PAGES = { attribute: 'attributes', event: 'events', view: 'views' } as const;
const LISTED = 10;

/**
 * One message for a burst of plan changes by one person: how many, what they touched (the
 * first few by name), linked to the item when there is one, or to the events page. Changes
 * discovery made for them say so.
 */
export function planChangeNotification(burst: NotificationBurst): NotificationBody | null {
  const items = burst.items as PlanChangeItem[];
  if (items.length === 0) return null;
  const imported = items.some((item) => item.action === 'imported');
  const byDiscovery = items.every((item) => item.actor === 'discovery');
  const count = burst.itemCount;
  const title = imported
    ? `Tracking plan imported: ${count} ${count === 1 ? 'change' : 'changes'}`
    : `Tracking plan changed: ${count} ${count === 1 ? 'change' : 'changes'}${byDiscovery ? ' from analytics discovery' : ''}`;
  const lines = items
    .slice(0, LISTED)
    .map((item) => `• ${item.action} ${item.entity} ${item.name ? `“${item.name}”` : '(deleted)'}`);
  if (count > LISTED) lines.push(`… and ${count - LISTED} more`);
  const single = new Set(items.map((item) => `${item.entity}:${item.id}`)).size === 1 ? items[0] : null;
  const link =
    single && single.action !== 'deleted'
      ? `/company/${burst.companyId}/${PAGES[single.entity]}/${single.id}`
      : `/company/${burst.companyId}/events`;
  return {
    companyId: burst.companyId,
    kind: imported ? 'import_finished' : 'plan_changed',
    // Later bursts about the same item thread under the first message about it.
    subject: single ? `${single.entity}:${single.id}` : `plan:${burst.companyId}`,
    dedupeKey: `plan-burst:${burst.id}`,
    payload: {
      title,
      text: lines.join('\n'),
      link,
      severity: 'info',
      ...(items[0].userId ? { details: { userId: items[0].userId } } : {}),
    },
  };
}
