import { EXAMPLE_DEFECTS } from '@tracemap/discovery';
import type { Finding } from '@tracemap/contracts';
import { formatQueryResult, runTool, toolContext } from '../../src';
import { exampleData } from '../support/example-data';

const { data, profile } = exampleData();
const admin = toolContext(data, 'admin');
const viewer = toolContext(data, 'viewer');
const volumeOf = (name: string) => profile.events.filter((e) => e.name === name).reduce((s, e) => s + e.total, 0);

describe('discovery_overview', () => {
  it('counts observed volume and the planned events never seen', () => {
    const { output } = runTool(admin, 'discovery_overview', {});
    expect(output.observedVolume).toBe(profile.events.reduce((s, e) => s + e.total, 0));
    expect(output.plannedUnseen.map((e) => e.name).sort()).toEqual(
      [EXAMPLE_DEFECTS.neverSent, EXAMPLE_DEFECTS.unvisitedView.event].sort(),
    );
    expect(output.unplanned.map((u) => u.name)).toEqual(
      expect.arrayContaining([EXAMPLE_DEFECTS.unplannedEvent.name, EXAMPLE_DEFECTS.renamedEvent.sentAs]),
    );
  });
});

describe('discovery_event', () => {
  it('sums every observed name matched to a planned event and compares properties with the plan', () => {
    const { output } = runTool(admin, 'discovery_event', { event: 'Product Viewed' });
    expect(output.observedNames.sort()).toEqual(['Product Viewed', EXAMPLE_DEFECTS.nameCase.sentAs].sort());
    expect(output.volume).toBe(volumeOf('Product Viewed') + volumeOf(EXAMPLE_DEFECTS.nameCase.sentAs));
    const cart = runTool(admin, 'discovery_event', { event: 'Cart Viewed' }).output;
    expect(cart.unplannedProperties).toContain(EXAMPLE_DEFECTS.unplannedProperty.property);
  });

  it('shows a viewer nothing of a property that is a hidden attribute of the event', () => {
    const event = data.plan.events.find((e) => e.name === 'Signed Up')!;
    const email = data.plan.attributes.find((a) => a.name === 'email')!;
    const withEmail = {
      ...data,
      plan: {
        ...data.plan,
        events: data.plan.events.map((e) =>
          e.id === event.id
            ? {
                ...e,
                effective: [
                  ...e.effective,
                  {
                    attributeId: email.id,
                    presence: 'optional' as const,
                    validation: email.validation,
                    layer: 'event' as const,
                    sources: [],
                  },
                ],
              }
            : e,
        ),
      },
      observed: data.observed.map((row) =>
        row.planEventId === event.id
          ? { ...row, properties: [...row.properties, { path: 'email', presence: 5, types: { email: 5 } }] }
          : row,
      ),
    };
    const paths = (role: 'admin' | 'viewer') =>
      runTool(toolContext(withEmail, role), 'discovery_event', { event: 'Signed Up' }).output.properties.map(
        (p) => p.path,
      );
    expect(paths('admin')).toContain('email');
    expect(paths('viewer')).not.toContain('email');
  });

  it('reads an unplanned name as observed data', () => {
    const { output } = runTool(admin, 'discovery_event', { event: 'Chat Opened' });
    expect(output).toMatchObject({ found: true, planEvent: null, volume: volumeOf('Chat Opened') });
  });
});

describe('list_findings', () => {
  it('lists the findings of an event, by observed or planned name', () => {
    const types = runTool(admin, 'list_findings', { event: 'Order Completed' }).output.items.map((f) => f.type);
    expect(types).toContain('pattern_violation');
    expect(runTool(admin, 'list_findings', { type: 'planned_not_seen' }).output.total).toBe(2);
  });

  it('hides from a viewer the findings on hidden attributes and the sample values of personal ones', () => {
    const email = data.plan.attributes.find((a) => a.name === 'email')!;
    const finding: Finding = {
      ...data.findings[0],
      id: '11111111-1111-4111-8111-111111111111',
      type: 'enum_violation',
      subject: { event: 'Signed Up', property: 'email' },
      details: { planAttributeId: email.id, values: ['someone@example.com'] },
    };
    const withHidden = { ...data, findings: [...data.findings, finding] };
    const ids = (role: 'admin' | 'viewer') =>
      runTool(toolContext(withHidden, role), 'list_findings', { event: 'Signed Up' }).output.items.map((f) => f.id);
    expect(ids('admin')).toContain(finding.id);
    expect(ids('viewer')).not.toContain(finding.id);
    const enumValues = (ctx: typeof admin) =>
      runTool(ctx, 'list_findings', { type: 'enum_violation' }).output.items[0].values;
    expect(enumValues(admin)).toEqual([EXAMPLE_DEFECTS.enumViolation.value]);
    expect(enumValues(viewer)).toEqual([EXAMPLE_DEFECTS.enumViolation.value]);
  });
});

describe('formatQueryResult', () => {
  it('keeps the first rows, sums numeric columns and writes a table that a cell cannot break', () => {
    const { output, references } = formatQueryResult({
      queryId: '22222222-2222-4222-8222-222222222222',
      sourceId: '33333333-3333-4333-8333-333333333333',
      kind: 'ga4_run_report',
      columns: ['event', 'count'],
      rows: [
        ['purchase', 1200],
        ['add|to_cart\n| x', 300],
      ],
      ranAt: '2024-06-01T00:00:00.000Z',
    });
    expect(output.totals).toEqual({ count: 1500 });
    expect(output.table.split('\n')).toHaveLength(4);
    expect(output.table).toContain('| add to_cart x | 300 |');
    expect(references).toEqual([{ kind: 'query', id: '22222222-2222-4222-8222-222222222222' }]);
  });
});
