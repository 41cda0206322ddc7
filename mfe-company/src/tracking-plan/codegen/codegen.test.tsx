import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyInfo } from '@tracemap/shell-core';
import type { Attribute } from '@tracemap/shell-core/tracking-plan';
import { CompanyContext } from '../../company-layout/context';
import { eventPart, generateTypeScript, samplePlans } from '@tracemap/tracking-plan';
import type { GeneratedCodeResponse } from './codegen-api';
import { DestinationSelect } from './destination-select';
import { eventSnippet } from './event-snippet';
import { EventOutputTabs } from './event-output-tabs';

const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const sample = samplePlans.ecommerce;

function codeFor(destination: 'segment' | 'gtag'): GeneratedCodeResponse {
  const generated = generateTypeScript(
    {
      attributes: sample.attributes.map((a): Attribute => ({ ...a, ...stamps })),
      events: sample.events,
      views: sample.views,
      maps: sample.maps ?? [],
      attributeInheritance: true,
    },
    { destination, validation: 'none' },
  );
  return { ...generated, planVersion: 'v', hash: 'h' };
}
const idOf = (name: string) => sample.events.find((e) => e.name === name)!.id;

describe('an event’s snippet', () => {
  const code = codeFor('segment');

  test('is its properties type and its track function, without the region markers', () => {
    const snippet = eventSnippet(code, idOf('Coupon Applied'))!;
    expect(snippet.importLine).toBe("import { trackCouponApplied } from './tracemap';");
    expect(
      snippet.code.startsWith('/** Properties of "Coupon Applied". */\nexport interface CouponAppliedProperties {'),
    ).toBe(true);
    expect(snippet.code).toContain("emit('track', 'Coupon Applied', properties);");
    expect(snippet.code).not.toContain('#region');
    expect(snippet.code).not.toContain('CouponDenied');
  });

  test('names the view helpers that send it with their view’s attributes', () => {
    expect(eventSnippet(code, idOf('Coupon Applied'))!.viaViews).toEqual([
      'onCartView(view).trackCouponApplied(properties)',
      'onCheckoutPaymentView(view).trackCouponApplied(properties)',
    ]);
  });

  test('reads the same from the one-event answer the page asks for as from the whole code', () => {
    const id = idOf('Coupon Applied');
    expect(eventSnippet({ ...code, ...eventPart(code, id) }, id)).toEqual(eventSnippet(code, id));
  });

  test('follows the destination’s names, and is absent for an event the code does not have', () => {
    expect(eventSnippet(codeFor('gtag'), idOf('Coupon Applied'))!.code).toContain("emit('track', 'coupon_applied'");
    expect(eventSnippet(code, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

test('the destination picker offers every destination, the chosen one selected', () => {
  const html = renderToStaticMarkup(<DestinationSelect value="mparticle" onChange={() => undefined} />);
  expect(html.match(/<option/g)).toHaveLength(5);
  expect(html).toContain('<option value="mparticle" selected="">mParticle</option>');
});

test('the event page shows its JSON Schema first, with a Code tab beside it', () => {
  const info = { company: { id: 'c1', name: 'Acme', settings: { attributeInheritance: true } } } as CompanyInfo;
  const html = renderToStaticMarkup(
    <CompanyContext.Provider value={{ companyId: 'c1', info, reload: async () => undefined }}>
      <EventOutputTabs eventId="e1" revision={0} />
    </CompanyContext.Provider>,
  );
  expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>JSON Schema</);
  expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Code</);
  expect(html).toContain('data-testid="json-schema"');
  expect(html).not.toContain('data-testid="event-code"');
});
