import type { NotificationBody } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';
import { planChangeNotification } from './plan-change-notification';
import { proposalStatusNotification, reviewRequestNotification } from './proposal-notifications';
import { mapShareNotification, memberChangeNotification } from './team-notifications';

const COMPOSERS: Record<string, (burst: NotificationBurst) => NotificationBody | null> = {
  plan_changed: planChangeNotification,
  member_changed: memberChangeNotification,
  map_shared: mapShareNotification,
  proposal_status: proposalStatusNotification,
  review_requested: reviewRequestNotification,
};

/** The notification a burst gathered by the company's triggers becomes (migrations 010, 011 and 014). */
export function companyNotification(burst: NotificationBurst): NotificationBody | null {
  const compose = COMPOSERS[burst.kind];
  if (!compose) throw new Error(`no notification for bursts of kind ${burst.kind}`);
  return compose(burst);
}
