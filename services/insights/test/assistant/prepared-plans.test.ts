import type { PlanSnapshot } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { PreparedPlans } from '../../src/assistant/prepared-plans';

const base = examplePlanSnapshot();
// A fresh object per read, as the snapshot cache hands out after a reload: the version decides.
const version = (v: string): PlanSnapshot => ({ ...base, version: v });

describe('prepared plans', () => {
  it('prepares a plan once per company and version, whatever object the snapshot comes in', () => {
    const plans = new PreparedPlans(4);
    const first = plans.get('a', version('1'));
    expect(plans.get('a', version('1'))).toBe(first);
    expect(first.eventsById.size).toBe(base.events.length);
  });

  it('keeps only the newest version of a company, and forgets a company on a plan change', () => {
    const plans = new PreparedPlans(4);
    plans.get('a', version('1'));
    plans.get('a', version('2'));
    expect(plans.has('a', '1')).toBe(false);
    expect(plans.has('a', '2')).toBe(true);
    plans.forget('a');
    expect(plans.size).toBe(0);
  });

  it('is bounded, the least recently asked company leaving first', () => {
    const plans = new PreparedPlans(2);
    plans.get('a', version('1'));
    plans.get('b', version('1'));
    plans.get('a', version('1'));
    plans.get('c', version('1'));
    expect(plans.size).toBe(2);
    expect(plans.has('b', '1')).toBe(false);
    expect(plans.has('a', '1')).toBe(true);
    expect(plans.has('c', '1')).toBe(true);
  });
});

describe('renewing on a plan change', () => {
  const log = { warn: jest.fn() };

  it('prepares the new version of a company someone asked about, and ignores the others', async () => {
    const plans = new PreparedPlans(4);
    plans.get('a', version('1'));
    const loads: string[] = [];
    const load = (companyId: string) => async () => {
      loads.push(companyId);
      return version('2');
    };
    plans.renew('a', load('a'), log);
    plans.renew('b', load('b'), log);
    expect(plans.has('a', '1')).toBe(false);
    await plans.settle();
    expect(loads).toEqual(['a']);
    expect(plans.has('a', '2')).toBe(true);
    expect(plans.has('b', '2')).toBe(false);
  });
});
