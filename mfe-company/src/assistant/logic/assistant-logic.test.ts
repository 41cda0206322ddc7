import { draftedChanges } from './drafted-change';
import { parseAnswer } from './answer-text';
import { referenceHref } from './reference-links';
import { parseSse } from './sse';

describe('parseSse', () => {
  it('reads whole events and keeps an unfinished one for the next chunk', () => {
    const first = parseSse('event: delta\ndata: {"text":"Yes"}\n\nevent: tool\ndata: {"to');
    expect(first.events).toEqual([{ event: 'delta', data: { text: 'Yes' } }]);
    const second = parseSse(`${first.rest}ol":"get_event"}\n\n: keep-alive\n\n`);
    expect(second).toEqual({ events: [{ event: 'tool', data: { tool: 'get_event' } }], rest: '' });
  });
});

describe('parseAnswer', () => {
  it('turns a name and its citation into one labelled reference, and keeps list items apart', () => {
    expect(parseAnswer('Yes: **Product Added** [[event:e1]] is live.\n- `raw` ~~1,500~~ [[finding:f1]]')).toEqual([
      {
        type: 'paragraph',
        inlines: [
          { type: 'text', text: 'Yes: ' },
          { type: 'reference', kind: 'event', id: 'e1', label: 'Product Added' },
          { type: 'text', text: ' is live.' },
        ],
      },
      {
        type: 'item',
        inlines: [
          { type: 'code', text: 'raw' },
          { type: 'text', text: ' ' },
          { type: 'struck', text: '1,500' },
          { type: 'text', text: ' ' },
          { type: 'reference', kind: 'finding', id: 'f1', label: null },
        ],
      },
    ]);
  });
});

describe('referenceHref', () => {
  it('links plan items to their pages and findings to the findings tab; a query has no page', () => {
    expect(referenceHref('c1', { kind: 'event', id: 'e1' })).toBe('/company/c1/events/e1');
    expect(referenceHref('c1', { kind: 'finding', id: 'f1' })).toBe(
      '/company/c1/analytics-discovery?tab=findings&finding=f1',
    );
    expect(referenceHref('c1', { kind: 'query', id: 'q1' })).toBeNull();
  });
});

describe('draftedChanges', () => {
  const applied = {
    proposal: { id: 'p1', name: 'From the assistant', created: true },
    item: { kind: 'event' as const, id: 'e9', name: 'Cart Shared' },
    appliedAt: '2026-01-01T00:00:00.000Z',
  };
  it('shows the drafts the server summarised, with their fields as text, and what applying them did', () => {
    const drafts = draftedChanges([
      { id: 'c1', tool: 'get_event', input: { event: 'Cart Shared' } },
      // Refused by its schema: no summary, nothing to apply.
      { id: 'c2', tool: 'propose_change', input: { action: 'rename' } },
      {
        id: 'c3',
        tool: 'propose_change',
        input: { action: 'create', entity: 'event', fields: { name: 'Cart Shared', tags: ['cart'] }, reason: 'Funnel' },
        summary: 'create event "Cart Shared" (name, tags): Funnel',
      },
      { id: 'c4', tool: 'propose_change', input: { fields: 'odd' }, summary: 'archive view', applied },
    ]);
    expect(drafts).toEqual([
      {
        id: 'c3',
        summary: 'create event "Cart Shared" (name, tags): Funnel',
        reason: 'Funnel',
        fields: [
          ['name', 'Cart Shared'],
          ['tags', '["cart"]'],
        ],
        applied: null,
      },
      { id: 'c4', summary: 'archive view', reason: '', fields: [], applied },
    ]);
  });
});
