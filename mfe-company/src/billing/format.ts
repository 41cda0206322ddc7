/** An amount in the currency's smallest unit (cents) as people read it: `$99.00`, `-$12.34`. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    // An unknown currency code still shows the number rather than breaking the page.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/**
 * A billing date (ISO 8601) as a calendar day. Shown in UTC, the time zone the billing
 * provider counts periods in, so a period never seems to end a day early or late.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** `12/2030` for a card's expiry. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
