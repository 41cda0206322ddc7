/** `4900, 'usd'` → `$49`; cents shown only when there are any. */
export function formatPrice(amountCents: number, currency: string): string {
  const whole = amountCents % 100 === 0;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(whole ? 0 : 2)} ${currency.toUpperCase()}`;
  }
}

/** `{ members: 5, maps: 20 }` → `['Up to 5 members', 'Up to 20 maps']`, leaving out what the features already say. */
export function describeLimits(limits: Record<string, number> | null, features: string[] = []): string[] {
  if (!limits) return [];
  const said = new Set(features.map((f) => f.trim().toLowerCase()));
  return Object.entries(limits)
    .map(([what, n]) => `Up to ${n.toLocaleString('en')} ${what.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`)
    .filter((line) => !said.has(line.toLowerCase()));
}
