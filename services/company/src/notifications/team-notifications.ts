import type { NotificationBody } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';

interface MemberChangeItem {
  userId: string;
  role: string;
  action: 'insert' | 'update' | 'delete';
}

interface MapShareItem {
  mapId: string;
  name: string | null;
}

const MEMBER_ACTIONS = { insert: 'joined as', update: 'is now', delete: 'left, was' } as const;

/** One message for a burst of member changes of a company: who joined, changed role or left. */
export function memberChangeNotification(burst: NotificationBurst): NotificationBody | null {
  const items = burst.items as MemberChangeItem[];
  if (items.length === 0) return null;
  const count = burst.itemCount;
  return {
    companyId: burst.companyId,
    kind: 'member_changed',
    subject: `members:${burst.companyId}`,
    dedupeKey: `members-burst:${burst.id}`,
    payload: {
      title: `Team changed: ${count} ${count === 1 ? 'change' : 'changes'}`,
      text: items
        .slice(0, 10)
        .map((item) => `• a member ${MEMBER_ACTIONS[item.action]} ${item.role}`)
        .join('\n'),
      link: `/company/${burst.companyId}/users`,
      severity: 'info',
      details: { userIds: [...new Set(items.map((item) => item.userId))] },
    },
  };
}

/** A map was shared by a public link. */
export function mapShareNotification(burst: NotificationBurst): NotificationBody | null {
  const [share] = burst.items as MapShareItem[];
  if (!share) return null;
  return {
    companyId: burst.companyId,
    kind: 'map_shared',
    subject: `map:${share.mapId}`,
    dedupeKey: `map-share-burst:${burst.id}`,
    payload: {
      title: `Map shared by a public link: ${share.name ?? 'a map'}`,
      link: `/company/${burst.companyId}/maps/${share.mapId}`,
      severity: 'info',
    },
  };
}
