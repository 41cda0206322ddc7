import { renderToStaticMarkup } from 'react-dom/server';
import type { MergeConflictBody, PlanVersion } from '@tracemap/shell-core/tracking-plan';
import { ConflictTable } from './conflict-table';
import {
  conflictKey,
  effectiveChange,
  groupDiff,
  itemNameIn,
  resolutionsOf,
  showValue,
  unresolvedCount,
} from './diff-logic';
import { commentsOn } from './use-proposal-comments';
import { DiffView } from './diff-view';
import { LintCompare } from './lint-compare';
import { CLOSED_PROPOSAL, planEditability, PROPOSALS_REQUIRED } from './plan-editable';
import { initialPair } from './plan-versions-page';
import { withProposal } from './proposal-address';

const diff = {
  added: [
    { kind: 'event' as const, id: 'e2', name: 'order_completed' },
    { kind: 'attribute' as const, id: 'a9', name: 'coupon' },
  ],
  changed: [
    {
      kind: 'event' as const,
      id: 'e1',
      name: 'cart_viewed',
      changes: [
        { field: 'description', before: 'Old', after: 'New' },
        {
          field: 'effectiveAttributes',
          before: [{ name: 'page', presence: 'required', layer: 'view' }],
          after: [
            { name: 'page', presence: 'required', layer: 'view' },
            { name: 'coupon', presence: 'optional', layer: 'event' },
          ],
        },
      ],
    },
  ],
  removed: [{ kind: 'event' as const, id: 'e0', name: 'add_to_cart' }],
};

const conflicts: MergeConflictBody[] = [
  { kind: 'attribute', id: 'a1', name: 'currency', field: 'description', base: 'B', proposal: 'P', live: 'L' },
  {
    kind: 'event',
    id: 'e1',
    name: 'cart_viewed',
    field: 'status',
    base: 'planned',
    proposal: 'live',
    live: 'archived',
  },
];

test('a diff is grouped by kind, each group added, changed then removed', () => {
  const groups = groupDiff(diff);
  expect(groups.map((g) => g.kind)).toEqual(['attribute', 'event']);
  expect(groups[1].entries.map((e) => `${e.change}:${e.entry.name}`)).toEqual([
    'added:order_completed',
    'changed:cart_viewed',
    'removed:add_to_cart',
  ]);
});

test('an effective-attribute change shows only the lines that differ, with presence and layer', () => {
  expect(effectiveChange(diff.changed[0].changes[1])).toEqual({ before: [], after: ['coupon (optional, event)'] });
  expect(effectiveChange(diff.changed[0].changes[0])).toBeNull();
  expect([showValue(undefined), showValue('x'), showValue(['a'])]).toEqual(['—', 'x', '["a"]']);
});

test('the diff view shows each change before and after, and its counts', () => {
  const html = renderToStaticMarkup(<DiffView diff={diff} />);
  expect(html).toContain('2 added · 1 changed · 1 removed');
  expect(html).toMatch(/data-field="description".*Old.*New/);
  expect(html).toContain('+ coupon (optional, event)');
  expect(html).toContain('data-change="removed"');
});

test('choices become the resolutions body; a conflict without a choice is left out and counted', () => {
  const choices = { [conflictKey(conflicts[1])]: 'live' as const };
  expect(resolutionsOf(conflicts, choices)).toEqual([{ kind: 'event', id: 'e1', field: 'status', take: 'live' }]);
  expect(unresolvedCount(conflicts, choices)).toBe(1);
  expect(unresolvedCount(conflicts, { ...choices, [conflictKey(conflicts[0])]: 'proposal' })).toBe(0);
});

test('conflicts show the base, the proposal and the live value side by side, with the choice made checked', () => {
  const html = renderToStaticMarkup(
    <ConflictTable conflicts={conflicts} choices={{ [conflictKey(conflicts[0])]: 'proposal' }} onChoose={() => {}} />,
  );
  expect(html).toMatch(/conflict-base">B<.*conflict-proposal">P<.*conflict-live">L</);
  expect(html).toMatch(/name="attribute:a1:description" checked="" value="proposal"/);
  expect(html.match(/checked=""/g)).toHaveLength(1);
});

test('lint before and after are summarised side by side', () => {
  const finding = {
    rule: 'description-required' as never,
    severity: 'warning' as const,
    entityKind: 'event' as const,
    entityName: 'order_completed',
    message: 'Add a description.',
  };
  const html = renderToStaticMarkup(
    <LintCompare
      lint={{
        before: { findings: [], errors: 0, warnings: 0 },
        after: { findings: [finding], errors: 0, warnings: 1 },
      }}
    />,
  );
  expect(html).toContain('0 errors · 0 warnings');
  expect(html).toContain('0 errors · 1 warning<');
  expect(html).toContain('Add a description.');
});

test('the address keeps its other keys when the proposal is set or taken out', () => {
  expect(withProposal('?tab=code', 'p1')).toBe('?tab=code&proposal=p1');
  expect(withProposal('?proposal=p1&tab=code', null)).toBe('?tab=code');
  expect(withProposal('?proposal=p1', null)).toBe('');
});

test('versions compare first the asked one against the one before it, else the newest two', () => {
  const v = (version: number): PlanVersion => ({ version, proposalId: null, createdBy: 'u', createdAt: '' });
  const list = [v(3), v(2), v(1)];
  expect(initialPair(list, null)).toEqual({ from: 2, to: 3 });
  expect(initialPair(list, 2)).toEqual({ from: 1, to: 2 });
  expect(initialPair(list, 1)).toEqual({ from: 2, to: 3 });
  expect(initialPair([v(1)], null)).toBeNull();
});

test('the plan takes changes inside an open proposal only, and the live plan only from owners when proposals are required', () => {
  const company = (proposalsRequired: boolean) =>
    ({
      settings: { attributeInheritance: true, eventNameCase: 'any', attributeNameCase: 'any', proposalsRequired },
    }) as never;
  const live = { id: null, open: true };
  expect(planEditability({ role: 'creator', company: company(false) }, live)).toEqual({ canEdit: true, reason: null });
  expect(planEditability({ role: 'creator', company: company(true) }, live)).toEqual({
    canEdit: false,
    reason: PROPOSALS_REQUIRED,
  });
  expect(planEditability({ role: 'owner', company: company(true) }, live).canEdit).toBe(true);
  expect(planEditability({ role: 'creator', company: company(true) }, { id: 'p1', open: true }).canEdit).toBe(true);
  expect(planEditability({ role: 'admin', company: company(false) }, { id: 'p1', open: false })).toEqual({
    canEdit: false,
    reason: CLOSED_PROPOSAL,
  });
  // A viewer's pages say why in their own words.
  expect(planEditability({ role: 'viewer', company: company(false) }, { id: 'p1', open: true })).toEqual({
    canEdit: false,
    reason: null,
  });
});

test("a comment's item is named from the diff, and an item's comments are its own", () => {
  expect(itemNameIn(diff, { kind: 'event', id: 'e1' })).toBe('cart_viewed');
  expect(itemNameIn(diff, { kind: 'view', id: 'v1' })).toBe('an unchanged view');
  expect(itemNameIn(null, { kind: 'event', id: 'e1' })).toBe('an event');
  expect(itemNameIn(null, { kind: 'map', id: 'm1' })).toBe('a map');
  const comment = (id: string, item: { kind: 'event'; id: string } | null) => ({
    id,
    userId: 'u1',
    body: id,
    item,
    at: '2026-01-01T00:00:00.000Z',
  });
  const list = [
    comment('c1', null),
    comment('c2', { kind: 'event', id: 'e1' }),
    comment('c3', { kind: 'event', id: 'e2' }),
  ];
  expect(commentsOn(list, { kind: 'event', id: 'e1' }).map((c) => c.id)).toEqual(['c2']);
});
