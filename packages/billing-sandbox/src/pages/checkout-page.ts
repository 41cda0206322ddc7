import type { CheckoutSessionObject } from '../objects/checkout-sessions';
import type { PriceObject } from '../objects/prices';
import { cardFields, escapeHtml, money, page, TEST_CARDS } from './html';

export function checkoutPage(
  session: CheckoutSessionObject,
  price: PriceObject,
  trialDays: number | null,
  error: string | null,
): string {
  if (session.status !== 'open') {
    const next =
      session.status === 'complete'
        ? session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id)
        : session.cancel_url;
    return page(
      'Checkout',
      `<h1>This checkout is ${session.status === 'complete' ? 'complete' : 'no longer active'}</h1>${
        next ? `<p><a href="${escapeHtml(next)}">Return to Tracemap</a></p>` : ''
      }`,
    );
  }
  return page(
    `Subscribe to ${price.nickname}`,
    `<span class="badge">Sandbox</span>
<h1>Subscribe to ${escapeHtml(price.nickname)}</h1>
<div class="price">${escapeHtml(money(price.unit_amount, price.currency))} <span class="muted">per month</span></div>
${trialDays ? `<p class="muted">${escapeHtml(trialDays)} days free, then ${escapeHtml(money(price.unit_amount, price.currency))} per month.</p>` : ''}
${session.customer_email ? `<p class="muted">${escapeHtml(session.customer_email)}</p>` : ''}
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(session.id)}">
${cardFields()}
<button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button>
</form>
${session.cancel_url ? `<p class="muted"><a href="${escapeHtml(session.cancel_url)}">Cancel and return</a></p>` : ''}
${TEST_CARDS}`,
  );
}
