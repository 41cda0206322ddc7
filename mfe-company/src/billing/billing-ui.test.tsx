import { renderToStaticMarkup } from 'react-dom/server';
import type { Plan } from '@tracemap/shell-core/subscription';
import { formatDate, formatMoney } from './format';
import { PlanCards } from './plan-cards';
import { ProrationPreview } from './proration-preview';
import { statusLabel } from './subscription-status-badge';

const plans: Plan[] = [
  {
    priceId: 'price_starter',
    name: 'Starter',
    amount: 2900,
    currency: 'usd',
    interval: 'month',
    features: ['Tracking plan'],
    limits: { members: 5 },
  },
  {
    priceId: 'price_team',
    name: 'Team',
    amount: 9900,
    currency: 'usd',
    interval: 'month',
    features: ['Maps'],
    limits: null,
  },
];

describe('status badge', () => {
  const at = { trialEnd: '2026-07-01T00:00:00Z', currentPeriodEnd: '2026-08-15T23:00:00Z' };
  test.each([
    ['trialing', 'Trial — ends Jul 1, 2026'],
    ['active', 'Active'],
    ['canceled', 'Canceled — ends Aug 15, 2026'],
    ['past_due', 'Past due — update your card'],
    ['terminated', 'Terminated — choose a plan'],
  ] as const)('%s reads "%s"', (status, text) => {
    expect(statusLabel({ status, ...at }).text).toBe(text);
  });

  test('no subscription asks to choose a plan', () => {
    expect(statusLabel(null).text).toBe('No subscription — choose a plan');
  });
});

describe('formatting', () => {
  test('amounts are in cents', () => {
    expect(formatMoney(9900, 'usd')).toBe('$99.00');
    expect(formatMoney(-1234, 'usd')).toBe('-$12.34');
  });

  test('dates are billing days in UTC', () => {
    expect(formatDate('2026-08-15T23:30:00Z')).toBe('Aug 15, 2026');
    expect(formatDate(null)).toBe('—');
  });
});

describe('plan cards', () => {
  test('the current plan has no Choose button, the others do', () => {
    const html = renderToStaticMarkup(
      <PlanCards plans={plans} currentPriceId="price_team" selectedPriceId={null} onChoose={() => undefined} />,
    );
    expect(html.match(/data-testid="plan-choose"/g)).toHaveLength(1);
    expect(html).toContain('Choose Starter');
    expect(html).toContain('Current plan');
    expect(html).toContain('$29.00');
    expect(html).toContain('Tracking plan');
  });

  test('read-only (no handler) shows no buttons at all', () => {
    const html = renderToStaticMarkup(<PlanCards plans={plans} currentPriceId={null} selectedPriceId={null} />);
    expect(html).not.toContain('<button');
  });
});

test('the proration preview lists the lines and the amount due', () => {
  const html = renderToStaticMarkup(
    <ProrationPreview
      preview={{
        amountDue: 4500,
        currency: 'usd',
        lines: [
          { description: 'Unused time on Starter', amount: -1450 },
          { description: 'Remaining time on Team', amount: 5950 },
        ],
        nextInvoiceDate: '2026-08-01T00:00:00Z',
      }}
    />,
  );
  expect(html).toContain('Unused time on Starter');
  expect(html).toContain('-$14.50');
  expect(html).toContain('$45.00');
  expect(html).toContain('Next invoice on Aug 1, 2026.');
});
