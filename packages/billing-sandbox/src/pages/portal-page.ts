import type { PaymentMethodObject } from '../objects/payment-methods';
import type { PortalSessionObject } from '../objects/checkout-sessions';
import type { SubscriptionObject } from '../objects/subscriptions';
import { cardFields, date, escapeHtml, money, page, TEST_CARDS } from './html';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

export function portalPage(
  session: PortalSessionObject,
  card: PaymentMethodObject | null,
  subscriptions: SubscriptionObject[],
  message: { error?: string; ok?: string },
): string {
  const cardText = card
    ? `${escapeHtml(brandName(card.card.brand))} ending in ${escapeHtml(card.card.last4)}, expires ${escapeHtml(String(card.card.exp_month).padStart(2, '0'))}/${escapeHtml(card.card.exp_year)}`
    : 'No card on file';
  const plans = subscriptions
    .map((s) => {
      const item = s.items.data[0];
      const renewal = s.cancel_at_period_end
        ? `Ends ${date(item.current_period_end)}`
        : s.status === 'trialing'
          ? `Trial ends ${date(s.trial_end)}`
          : `Renews ${date(item.current_period_end)}`;
      return `<div class="card"><strong>${escapeHtml(item.price.nickname)}</strong> · ${escapeHtml(money(item.price.unit_amount, item.price.currency))} per month<br>
<span class="muted">Status: ${escapeHtml(s.status.replace('_', ' '))} · ${escapeHtml(renewal)}</span></div>`;
    })
    .join('');
  return page(
    'Billing',
    `<span class="badge">Sandbox</span>
<h1>Billing</h1>
${plans}
<h2 class="muted">Payment method</h2>
<div class="card" data-testid="current-card">${cardText}</div>
${message.error ? `<div class="error" role="alert">${escapeHtml(message.error)}</div>` : ''}
${message.ok ? `<div class="ok" role="status">${escapeHtml(message.ok)}</div>` : ''}
<form method="post" action="${escapeHtml(session.id)}">
${cardFields()}
<button type="submit">Update card</button>
</form>
${session.return_url ? `<p class="muted"><a href="${escapeHtml(session.return_url)}">Return to Tracemap</a></p>` : ''}
${TEST_CARDS}`,
  );
}
