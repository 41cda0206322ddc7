import type { PriceObject } from '../objects/prices';
import type { ProrationLine, SubscriptionObject } from '../objects/subscriptions';

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * What changing the price at `prorationDate` costs: a credit for the unused
 * rest of the period on the old price and a charge for the same time on the
 * new one, each proportional to the seconds left in the period. A trial is
 * never prorated.
 */
export function prorationLines(
  subscription: SubscriptionObject,
  newPrice: PriceObject,
  prorationDate: number,
): ProrationLine[] {
  const item = subscription.items.data[0];
  const oldPrice = item.price;
  if (subscription.status === 'trialing' || oldPrice.id === newPrice.id) return [];
  const start = item.current_period_start;
  const end = item.current_period_end;
  const date = Math.min(Math.max(prorationDate, start), end);
  if (end <= start || date >= end) return [];
  const fraction = (end - date) / (end - start);
  return [
    {
      amount: -Math.round(oldPrice.unit_amount * fraction),
      description: `Unused time on ${oldPrice.nickname} after ${day(date)}`,
      price: oldPrice.id,
      start: date,
      end,
    },
    {
      amount: Math.round(newPrice.unit_amount * fraction),
      description: `Remaining time on ${newPrice.nickname} after ${day(date)}`,
      price: newPrice.id,
      start: date,
      end,
    },
  ];
}
