import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Finding, ObservedEventItem, Run } from '@tracemap/contracts';
import { useSessionStore } from '@tracemap/shell-core';
import { startExampleTraffic } from './api/discovery-api';
import { DiscoveryEmptyState } from './components/discovery-empty-state';
import { FindingRow } from './components/findings-tab';
import { PropertyMatrix } from './components/property-matrix';
import { RunRow } from './components/runs-tab';
import { splitKey } from './logic/type-splits';
import { discoveryPermissions } from './logic/discovery-roles';
import { findingActions } from './logic/finding-actions';
import { buttons, restoreFetchAfterEach } from './discovery-test-support';

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'unplanned_event',
  severity: 'medium',
  layer: { layer: 'event', name: 'promo_clicked' },
  state: 'open',
  subject: { event: 'promo_clicked' },
  counts: { observed: 400, affected: 400 },
  firstSeen: '2026-01-01T00:00:00.000Z',
  lastSeen: '2026-01-05T00:00:00.000Z',
  planVersion: '7',
  details: {},
  ...over,
});

const row = (f: Finding, canTriage: boolean) =>
  renderToStaticMarkup(
    <table>
      <tbody>
        <FindingRow finding={f} canTriage={canTriage} canAddToPlan busy={false} onAction={() => undefined} />
      </tbody>
    </table>,
  );

describe('roles', () => {
  test('viewers read, creators triage, admins and owners also manage sources', () => {
    expect(discoveryPermissions('viewer')).toEqual({ triage: false, manageSources: false });
    expect(discoveryPermissions('creator')).toEqual({ triage: true, manageSources: false });
    expect(discoveryPermissions('admin')).toEqual({ triage: true, manageSources: true });
    expect(discoveryPermissions('owner')).toEqual({ triage: true, manageSources: true });
  });

  test('a viewer sees a finding with no triage button at all', () => {
    const html = row(finding(), false);
    expect(html).toContain('promo_clicked');
    expect(html).not.toContain('<button');
  });

  test('an editor acknowledges or ignores an open finding, and adds an unplanned event to the plan', () => {
    expect(buttons(row(finding(), true))).toEqual(['Acknowledge', 'Ignore', 'Add to plan']);
    expect(buttons(row(finding({ type: 'type_inconsistent', subject: { event: 'a', property: 'b' } }), true))).toEqual([
      'Acknowledge',
      'Ignore',
    ]);
  });

  test('acknowledged and ignored findings can be reopened; resolved ones have no action', () => {
    expect(findingActions({ state: 'acknowledged', type: 'missing_required' }, true).map((a) => a.label)).toEqual([
      'Ignore',
      'Reopen',
    ]);
    expect(buttons(row(finding({ state: 'ignored' }), true))).toEqual(['Reopen']);
    expect(buttons(row(finding({ state: 'resolved' }), true))).toEqual([]);
  });

  test('Add to plan is left out where the service cannot take it', () => {
    const html = renderToStaticMarkup(
      <table>
        <tbody>
          <FindingRow finding={finding()} canTriage canAddToPlan={false} busy={false} onAction={() => undefined} />
        </tbody>
      </table>,
    );
    expect(buttons(html)).toEqual(['Acknowledge', 'Ignore']);
  });

  test('a finding shows its layer, counts with their rate, and seen dates', () => {
    const html = row(
      finding({
        type: 'missing_required',
        layer: { layer: 'view', id: 'v1', name: 'Checkout' },
        subject: { event: 'checkout_started', property: 'page_category' },
        counts: { observed: 500, affected: 20, rate: 0.04 },
      }),
      false,
    );
    expect(html).toContain('view Checkout');
    const onView = row(
      finding({
        type: 'missing_required',
        layer: { layer: 'view', id: 'v1', name: 'Checkout' },
        subject: { event: '*', property: 'page_category' },
        details: { events: ['checkout_started', 'payment_added', 'order_completed'] },
      }),
      false,
    );
    expect(onView).toContain('3 events');
    expect(onView).toContain('title="checkout_started, payment_added, order_completed"');
    expect(html).toContain('20 of 500 (4 %)');
    expect(html).toContain('<code>page_category</code>');
  });

  test('only an editor may cancel a running run; an ended one has no cancel', () => {
    const run: Run = {
      id: '00000000-0000-4000-8000-000000000002',
      sourceId: null,
      format: 'segment',
      status: 'running',
      bytes: 2048,
      lines: 10,
      events: 8,
      badLines: 2,
      errors: [
        { line: 3, message: 'Unexpected end of JSON input' },
        { line: 7, message: 'not a Segment message' },
      ],
      failure: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      startedAt: null,
      finishedAt: null,
    };
    const render = (r: Run, canCancel: boolean) =>
      renderToStaticMarkup(
        <table>
          <tbody>
            <RunRow run={r} canCancel={canCancel} busy={false} onCancel={() => undefined} />
          </tbody>
        </table>,
      );
    const html = render(run, true);
    expect(html).toContain('line 3: Unexpected end of JSON input');
    expect(html).toContain('line 7: not a Segment message');
    expect(html).toContain('2.0 KB');
    expect(buttons(html)).toEqual(['Cancel']);
    expect(buttons(render(run, false))).toEqual([]);
    expect(buttons(render({ ...run, status: 'succeeded' }, true))).toEqual([]);
  });
});

describe('plan vs reality', () => {
  const event: ObservedEventItem = {
    name: 'product_viewed',
    kind: 'track',
    match: 'matched',
    planEventId: 'e1',
    volume: 1000,
    firstSeen: null,
    lastSeen: null,
    properties: [
      { path: 'quantity', presence: 1000, types: { integer: 840, string: 160 } },
      { path: 'coupon', presence: 250, types: { string: 250 } },
    ],
  };

  test('each property shows its type bar, with the version a type split came in, and its presence', () => {
    const html = renderToStaticMarkup(
      <PropertyMatrix event={event} typeSplits={new Map([[splitKey('product_viewed', 'quantity'), '5.2.0']])} />,
    );
    expect(html).toContain('int 84 % · string 16 % since 5.2.0');
    expect(html).toContain('string 100 %');
    expect([...html.matchAll(/data-testid="property-presence">(\d+) %/g)].map((m) => m[1])).toEqual(['100', '25']);
  });

  test('a planned event never seen says so instead of an empty matrix', () => {
    const html = renderToStaticMarkup(
      <PropertyMatrix
        event={{ ...event, match: 'planned_unseen', volume: 0, properties: [] }}
        typeSplits={new Map()}
      />,
    );
    expect(html).toContain('has not been seen');
    expect(html).not.toContain('<table');
  });
});

/** The element with this test id in a rendered tree of host elements (the empty state has no hooks). */
function findByTestId(node: ReactNode, testId: string): ReactElement<Record<string, unknown>> | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findByTestId(child, testId);
      if (found) return found;
    }
    return null;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return null;
  if (node.props['data-testid'] === testId) return node;
  if (typeof node.type === 'function') {
    return findByTestId((node.type as (props: unknown) => ReactNode)(node.props), testId);
  }
  return findByTestId(node.props.children as ReactNode, testId);
}

describe('empty state', () => {
  const props = { busy: false, error: null, onUpload: () => undefined };

  test('explains discovery and offers example traffic in one click to an editor', () => {
    let clicks = 0;
    const tree = DiscoveryEmptyState({ ...props, canStart: true, planIsEmpty: false, onTryExample: () => clicks++ });
    const html = renderToStaticMarkup(tree);
    expect(html).toContain('Discovery reads what your apps really send');
    const button = findByTestId(tree, 'try-example-traffic');
    expect(button).not.toBeNull();
    (button!.props.onClick as () => void)();
    expect(clicks).toBe(1);
  });

  test('on an empty plan it says the example traffic will mostly be unplanned events', () => {
    const html = renderToStaticMarkup(
      <DiscoveryEmptyState {...props} canStart planIsEmpty onTryExample={() => undefined} />,
    );
    expect(html).toContain('most of it will show up as unplanned events');
  });

  test('a viewer gets the explanation but no button', () => {
    const html = renderToStaticMarkup(
      <DiscoveryEmptyState {...props} canStart={false} planIsEmpty={false} onTryExample={() => undefined} />,
    );
    expect(html).toContain('Discovery reads what your apps really send');
    expect(html).not.toContain('try-example-traffic');
  });

  test('the error of a refused start is shown as the API wrote it', () => {
    const html = renderToStaticMarkup(
      <DiscoveryEmptyState
        {...props}
        canStart
        planIsEmpty={false}
        error={new Error('A running subscription is needed.')}
        onTryExample={() => undefined}
      />,
    );
    expect(html).toContain('A running subscription is needed.');
  });
});

describe('requests', () => {
  restoreFetchAfterEach();

  test('"Try example traffic" posts to the company\'s example-traffic route with the session token', async () => {
    useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: Date.now() / 1000 + 3600 });
    const calls: { url: string; init: RequestInit }[] = [];
    global.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ runId: 'r1' }), { status: 202 });
    }) as typeof fetch;
    await expect(startExampleTraffic('c 1')).resolves.toEqual({ runId: 'r1' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/insights/c%201/discovery/example-traffic');
    expect(calls[0].init.method).toBe('POST');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  test("a refusal is thrown with the API's code and message, and a POST is never retried", async () => {
    useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: Date.now() / 1000 + 3600 });
    let calls = 0;
    global.fetch = (async () => {
      calls += 1;
      return new Response(
        JSON.stringify({
          statusCode: 402,
          code: 'subscription_required',
          message: 'A running subscription is needed.',
        }),
        { status: 402 },
      );
    }) as typeof fetch;
    await expect(startExampleTraffic('c1')).rejects.toMatchObject({
      statusCode: 402,
      code: 'subscription_required',
      message: 'A running subscription is needed.',
    });
    expect(calls).toBe(1);
  });
});
