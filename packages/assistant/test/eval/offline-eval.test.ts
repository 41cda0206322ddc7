import type { PlanSnapshot } from '@tracemap/contracts';
import {
  answerOffline,
  checkGrounding,
  citedReferences,
  OFFLINE_REFUSAL,
  toolContext,
  type OfflineAnswer,
} from '../../src';
import { exampleData } from '../support/example-data';
import { CATEGORIES, EVAL_SET, type EvalCase, type Facts } from './eval-set';

// The evaluation set, answered offline over the sample plan and the example
// traffic. It prints the share answered right per intent and per category,
// the refusals on unanswerable questions, and whether every reference shown
// is valid and every number shown is either verified or struck through.

const { data, profile } = exampleData();
const ctx = toolContext(data, 'admin');
const written = (n: number) => n.toLocaleString('en-US');

const facts: Facts = {
  volume: (...names) => written(profile.events.filter((e) => names.includes(e.name)).reduce((s, e) => s + e.total, 0)),
  planned: (kind, test = () => true) =>
    written((data.plan[kind] as unknown as Record<string, unknown>[]).filter((i) => test(i)).length),
};

/** A reference is valid when its tool returned it this turn and the item exists. */
function referencesValid(answer: OfflineAnswer, plan: PlanSnapshot): boolean {
  const returned = new Set(answer.toolCalls.flatMap((c) => c.references).map((r) => `${r.kind}:${r.id}`));
  const exists: Record<string, Set<string>> = {
    event: new Set(plan.events.map((e) => e.id)),
    attribute: new Set(plan.attributes.map((a) => a.id)),
    view: new Set(plan.views.map((v) => v.id)),
    map: new Set(plan.maps.map((m) => m.id)),
    finding: new Set(data.findings.map((f) => f.id)),
    query: new Set(),
  };
  return citedReferences(answer.content).every((r) => returned.has(`${r.kind}:${r.id}`) && exists[r.kind].has(r.id));
}

/** Numbers shown that no tool output supports and that are not struck through. */
function unmarkedNumbers(answer: OfflineAnswer): string[] {
  const evidence = {
    outputs: answer.toolCalls.map((c) => c.output),
    references: answer.toolCalls.flatMap((c) => c.references),
  };
  return checkGrounding(answer.content, evidence).unverifiedNumbers;
}

function isRight(test: EvalCase, answer: OfflineAnswer): boolean {
  if (test.intent === null) return answer.content === OFFLINE_REFUSAL;
  if (answer.intent !== test.intent || !answer.grounding.verified) return false;
  const expected = test.expect?.(facts) ?? [];
  return (
    expected.every((text) => answer.content.includes(text)) &&
    !(test.reject ?? []).some((t) => answer.content.includes(t))
  );
}

describe('offline evaluation set', () => {
  const results = EVAL_SET.map((test) => {
    const answer = answerOffline(test.question, ctx);
    return {
      test,
      answer,
      right: isRight(test, answer),
      valid: referencesValid(answer, data.plan),
      unmarked: unmarkedNumbers(answer),
    };
  });

  const share = (rows: typeof results) => (rows.length === 0 ? 1 : rows.filter((r) => r.right).length / rows.length);
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

  afterAll(() => {
    const lines = ['offline evaluation (sample plan, example traffic)'];
    for (const category of CATEGORIES) {
      const rows = results.filter((r) => r.test.category === category);
      lines.push(
        `  ${category.padEnd(18)} ${String(rows.filter((r) => r.right).length).padStart(3)}/${rows.length}  ${pct(share(rows))}`,
      );
    }
    const intents = [...new Set(results.map((r) => r.test.intent ?? 'refusal'))];
    lines.push('per intent:');
    for (const intent of intents) {
      const rows = results.filter((r) => (r.test.intent ?? 'refusal') === intent);
      lines.push(
        `  ${intent.padEnd(18)} ${String(rows.filter((r) => r.right).length).padStart(3)}/${rows.length}  ${pct(share(rows))}`,
      );
    }
    const unanswerable = results.filter((r) => r.test.category === 'unanswerable');
    lines.push(`honest refusals on unanswerable: ${pct(share(unanswerable))}`);
    lines.push(`references valid: ${pct(results.filter((r) => r.valid).length / results.length)} of answers`);
    lines.push(
      `answers with every number verified: ${pct(results.filter((r) => r.answer.grounding.verified).length / results.length)}`,
    );
    lines.push(`unverified numbers shown unmarked: ${results.reduce((s, r) => s + r.unmarked.length, 0)}`);
    for (const miss of results.filter((r) => !r.right)) {
      lines.push(
        `  missed: ${miss.test.question} [${miss.answer.intent}] ${miss.answer.content.slice(0, 160).replace(/\n/g, ' ')}`,
      );
    }
    console.log(lines.join('\n'));
  });

  it('holds at least 60 questions over every category', () => {
    expect(EVAL_SET.length).toBeGreaterThanOrEqual(60);
    for (const category of CATEGORIES) expect(EVAL_SET.some((t) => t.category === category)).toBe(true);
  });

  it('answers at least 75 % of lookup, list and count questions right', () => {
    expect(share(results.filter((r) => ['lookup', 'list', 'count'].includes(r.test.category)))).toBeGreaterThanOrEqual(
      0.75,
    );
  });

  it('refuses every unanswerable question with the exact refusal', () => {
    expect(results.filter((r) => r.test.category === 'unanswerable' && !r.right).map((r) => r.test.question)).toEqual(
      [],
    );
  });

  it('shows only valid references', () => {
    expect(results.filter((r) => !r.valid).map((r) => r.test.question)).toEqual([]);
  });

  it('shows no unverified number unmarked', () => {
    expect(results.flatMap((r) => r.unmarked)).toEqual([]);
  });
});
