import { renderToStaticMarkup } from 'react-dom/server';
import type { SubscriptionDetails } from '@tracemap/shell-core/subscription';
import { CurrentPlan } from './current-plan';

const details = (over: Partial<SubscriptionDetails>): SubscriptionDetails => ({
  status: 'active',
  priceId: 'price_team',
  planName: 'Team',
  currentPeriodEnd: '2026-08-01T00:00:00Z',
  cancelAtPeriodEnd: false,
  trialEnd: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  upcomingInvoice: { amount: 9900, date: '2026-08-01T00:00:00Z' },
  ...over,
});

const render = (subscription: SubscriptionDetails | null, canManage = true) =>
  renderToStaticMarkup(
    <CurrentPlan
      subscription={subscription}
      currency="usd"
      canManage={canManage}
      busy={false}
      onUpdateCard={() => undefined}
      onCancel={() => undefined}
      onResume={() => undefined}
    />,
  );
const buttons = (html: string) =>
  [
    ...html.matchAll(
      /data-testid="(subscription-[a-z-]+)"[^>]*>[^<]*<\/button>|<button[^>]*data-testid="(subscription-[a-z-]+)"/g,
    ),
  ].map((m) => m[1] ?? m[2]);

describe('current plan', () => {
  test('an active subscription shows the next invoice and the card, and offers Update card and Cancel', () => {
    const html = render(details({}));
    expect(html).toContain('$99.00 on Aug 1, 2026');
    expect(html).toContain('Visa ···· 4242, expires 12/2030');
    expect(buttons(html)).toEqual(['subscription-update-card', 'subscription-cancel']);
  });

  test('a canceled subscription offers Resume instead of Cancel', () => {
    const html = render(details({ status: 'canceled', cancelAtPeriodEnd: true, upcomingInvoice: null }));
    expect(buttons(html)).toEqual(['subscription-update-card', 'subscription-resume']);
    expect(html).toContain('Access ends');
    expect(html).toContain('None scheduled');
  });

  test('a trial without a card asks for a plan before it ends and offers to add a card', () => {
    const html = render(details({ status: 'trialing', trialEnd: '2026-07-01T00:00:00Z', card: null }));
    expect(html).toContain('Choose a plan before it ends');
    expect(html).toContain('Trial — ends Jul 1, 2026');
    expect(html).toContain('>Add card</button>');
    expect(buttons(html)).toEqual(['subscription-update-card']);
  });

  test('past due says the payment failed', () => {
    expect(render(details({ status: 'past_due' }))).toContain('The last payment failed');
  });

  test('without a subscription there is nothing to update or cancel', () => {
    expect(buttons(render(null))).toEqual([]);
    expect(buttons(render(details({ status: 'terminated' })))).toEqual([]);
  });

  test('members without admin rights get no action buttons', () => {
    expect(render(details({}), false)).not.toContain('<button');
    expect(render(details({ status: 'canceled' }), false)).not.toContain('<button');
  });
});
