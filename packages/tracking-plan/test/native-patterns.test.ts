import { parseNativePlan, serializeNativePlan, toNativePlan } from '../src/native';
import { attribute, event, required } from './builders';

describe('parseNativePlan and user patterns', () => {
  it('refuses a file whose patterns RE2 cannot run, naming the entry and the pattern', () => {
    const doubled = attribute('doubled', { validation: { kind: 'regex', pattern: '(a)\\1' } });
    const code = attribute('code', { validation: { kind: 'regex', pattern: '^[a-z]+$' } });
    const entered = event('Code Entered', {
      attributes: [required(code, { kind: 'regex', pattern: '^(?=a)[a-z]+$' })],
    });
    const text = serializeNativePlan(toNativePlan({ attributes: [doubled, code], events: [entered], views: [] }));
    const { plan, rejected } = parseNativePlan(text);
    expect(plan).toBeNull();
    expect(rejected).toEqual([
      {
        row: 'attributes[1].validation.pattern',
        kind: 'attribute',
        name: 'doubled',
        reason: 'The pattern "(a)\\1" uses a backreference, which RE2 syntax does not support.',
      },
      {
        row: 'events[0].attributes[0].validationOverride.pattern',
        kind: 'event',
        name: 'Code Entered',
        reason: 'The pattern "^(?=a)[a-z]+$" uses lookaround, which RE2 syntax does not support.',
      },
    ]);
  });

  it('reads a file whose pattern only a backtracking engine would struggle with', () => {
    const nested = attribute('nested', { validation: { kind: 'regex', pattern: '(a+)+$' } });
    const { plan, rejected } = parseNativePlan(
      serializeNativePlan(toNativePlan({ attributes: [nested], events: [], views: [] })),
    );
    expect(rejected).toEqual([]);
    expect(plan!.attributes[0].validation).toEqual({ kind: 'regex', pattern: '(a+)+$' });
  });
});
