/**
 * Monthly periods counted from the billing anchor, so a subscription started
 * on the 31st renews on the last day of shorter months and returns to the
 * 31st afterwards, as the provider does.
 */
export function addMonths(anchorSeconds: number, months: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const target = new Date(anchor);
  target.setUTCDate(1);
  target.setUTCMonth(anchor.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export const DAY = 24 * 60 * 60;
