import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Attribute, ImportDiff } from '@tracemap/shell-core/tracking-plan';
import type { CompanyInfo } from '@tracemap/shell-core';
import { CompanyContext } from '../company-layout/context';
import { changedFields } from './editor/conflict-banner';
import { EditableContext } from './editor/editable';
import { TextField } from './editor/fields';
import { ImportDiffView } from './import-export/import-diff';
import { AttributeLinksEditor } from './links/attribute-links-editor';
import { describeOverride, LinkOverride } from './links/link-override';

const info = {
  role: 'creator',
  users: [],
  subscription: null,
  objectCounts: { attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 },
  attributeInheritance: true,
  lastSync: null,
  company: {
    id: 'c1',
    name: 'Acme',
    settings: { attributeInheritance: true, eventNameCase: 'snake_case', attributeNameCase: 'snake_case' },
  },
} as CompanyInfo;

function render(node: React.ReactNode, editable: boolean): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <CompanyContext.Provider value={{ companyId: 'c1', info, reload: async () => undefined }}>
        <EditableContext.Provider value={editable}>{node}</EditableContext.Provider>
      </CompanyContext.Provider>
    </MemoryRouter>,
  );
}

const links = [
  { attributeId: 'a1', presence: 'required' as const },
  { attributeId: 'a2', presence: 'optional' as const },
];

describe('attribute links', () => {
  test('an editor gets a presence control per link, a remove button and the picker', () => {
    const html = render(<AttributeLinksEditor links={links} onChange={() => undefined} />, true);
    expect(html.match(/<select/g)).toHaveLength(2);
    expect(html).toContain('role="combobox"');
    expect(html.match(/<button[^>]*>Remove</g)).toHaveLength(2);
  });

  test('a viewer sees presence as text and no control at all', () => {
    const html = render(<AttributeLinksEditor links={links} onChange={() => undefined} />, false);
    expect(html).not.toMatch(/<(select|input|button|textarea)/);
    expect(html).toContain('data-presence="required"');
    expect(html).toContain('data-presence="optional"');
  });
});

test('a read-only field is text, not a disabled input', () => {
  const html = render(<TextField label="Description" value="Sent on pay" onChange={() => undefined} />, false);
  expect(html).not.toContain('<input');
  expect(html).toContain('Sent on pay');
});

test('the import preview lists rejected rows with their row and reason, and the counts', () => {
  const diff: ImportDiff = {
    format: 'csv',
    dryRun: true,
    applied: false,
    added: [{ kind: 'event', name: 'signup' }],
    changed: [{ kind: 'attribute', name: 'plan', changes: [{ field: 'type', before: 'string', after: 'integer' }] }],
    unchanged: 7,
    rejected: [{ row: 4, name: 'order id', reason: 'type "text" is not an attribute type' }],
  };
  const html = render(<ImportDiffView diff={diff} />, true);
  expect(html).toContain('Row 4 (order id): type &quot;text&quot; is not an attribute type');
  expect(html).toContain('<strong>7</strong> unchanged');
  expect(html).toContain('<code>type</code>: string → integer');
});

test('a conflict names the fields the other person changed, not versions or timestamps', () => {
  const mine = { id: 'e1', version: 3, updatedAt: 'a', name: 'signup', description: 'old', tags: ['x'] };
  const theirs = { id: 'e1', version: 4, updatedAt: 'b', name: 'signup', description: 'new', tags: ['x', 'y'] };
  expect(changedFields(mine, theirs)).toEqual(['description', 'tags']);
});

test('links that differ only by an absent or null override are the same', () => {
  const loaded = { id: 'e1', attributes: [{ attributeId: 'a1', presence: 'required' }] };
  const current = { id: 'e1', attributes: [{ presence: 'required', attributeId: 'a1', validationOverride: null }] };
  expect(changedFields(loaded, current)).toEqual([]);
});

describe('a link override', () => {
  const plan = {
    id: 'a1',
    name: 'plan',
    displayName: '',
    description: '',
    scope: 'event',
    type: 'string',
    itemType: null,
    validation: { kind: 'enum', values: ['free', 'pro', 'team'] },
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: [],
    status: 'planned',
    owners: [],
    version: 1,
    createdAt: '',
    updatedAt: '',
  } as unknown as Attribute;

  test('narrowing an enum to a subset is accepted', () => {
    const html = render(
      <LinkOverride attribute={plan} override={{ kind: 'enum', values: ['pro', 'team'] }} onChange={() => undefined} />,
      true,
    );
    expect(html).not.toContain('role="alert"');
    expect(describeOverride({ kind: 'enum', values: ['pro', 'team'] })).toBe('only pro, team');
  });

  test('a value the attribute does not allow is flagged as widening', () => {
    const html = render(
      <LinkOverride
        attribute={plan}
        override={{ kind: 'enum', values: ['pro', 'enterprise'] }}
        onChange={() => undefined}
      />,
      true,
    );
    expect(html).toMatch(/role="alert"[^>]*>[^<]*enterprise/);
  });
});
