import type { PlanSnapshot } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import {
  answerOffline,
  OFFLINE_REFUSAL,
  preparePlan,
  prepareDiscovery,
  suggestQuestions,
  toolContext,
} from '../../src';
import { exampleData } from '../support/example-data';

const emptyPlan = (): PlanSnapshot => ({
  ...examplePlanSnapshot(),
  attributes: [],
  events: [],
  views: [],
  maps: [],
});

describe('suggestQuestions', () => {
  it('asks four to six questions about the plan’s own events, views and tags, each answered offline', () => {
    const plan = examplePlanSnapshot();
    const questions = suggestQuestions(preparePlan(plan));
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(questions.length).toBeLessThanOrEqual(6);
    const names = [...plan.events, ...plan.views].map((item) => item.name);
    expect(questions.filter((q) => names.some((name) => q.includes(name))).length).toBeGreaterThanOrEqual(2);
    const ctx = toolContext({ plan, observed: [], findings: [] }, 'viewer');
    for (const question of questions) {
      const answer = answerOffline(question, ctx);
      expect({ question, content: answer.content }).not.toEqual({ question, content: OFFLINE_REFUSAL });
      expect(answer.grounding.verified).toBe(true);
    }
  });

  it('with observed traffic asks about what was not seen and an event with an open finding', () => {
    const { data } = exampleData();
    const discovery = prepareDiscovery(data.observed, data.findings);
    const questions = suggestQuestions(preparePlan(data.plan), discovery);
    expect(questions).toContain('Which planned events were not seen?');
    expect(questions.some((q) => q.startsWith("What's wrong with "))).toBe(true);
    const ctx = toolContext(data, 'admin');
    for (const question of questions) expect(answerOffline(question, ctx).content).not.toBe(OFFLINE_REFUSAL);
  });

  it('gives the same questions for the same plan', () => {
    const plan = examplePlanSnapshot();
    expect(suggestQuestions(preparePlan(plan))).toEqual(suggestQuestions(preparePlan(examplePlanSnapshot())));
  });

  it('for an empty plan still asks what the answerer can count', () => {
    const questions = suggestQuestions(preparePlan(emptyPlan()));
    expect(questions).toEqual(['How many events are live?', 'How many events are there?', 'How many views are there?']);
    const ctx = toolContext({ plan: emptyPlan(), observed: [], findings: [] }, 'viewer');
    for (const question of questions) expect(answerOffline(question, ctx).content).not.toBe(OFFLINE_REFUSAL);
  });
});
