import type { LanguageModel } from 'ai';
import {
  answerWithModel,
  checkGrounding,
  citedReferences,
  createLanguageModel,
  MODEL_PROVIDERS,
  toolContext,
  type ModelAnswer,
  type ModelProvider,
} from '../../src';
import { exampleData } from '../support/example-data';
import { CATEGORIES, EVAL_SET, type Facts } from './eval-set';

// The evaluation set through the model path, run only where a key is configured:
//   ASSISTANT_EVAL_API_KEY     the provider's key (its presence turns this evaluation on)
//   ASSISTANT_EVAL_PROVIDER    anthropic (default), openai or openai-compatible
//   ASSISTANT_EVAL_MODEL       the model id (required)
//   ASSISTANT_EVAL_BASE_URL    the endpoint, for openai-compatible
// It prints the share right per category, the references' validity and the numbers shown
// unmarked; the last two are held to the same bar as offline answers.

const env = process.env;
const QUESTION_TIMEOUT_MS = 90_000;

function configuredModel(): LanguageModel | null {
  if (!env.ASSISTANT_EVAL_API_KEY) return null;
  const provider = (env.ASSISTANT_EVAL_PROVIDER ?? 'anthropic') as ModelProvider;
  if (!MODEL_PROVIDERS.includes(provider))
    throw new Error(`ASSISTANT_EVAL_PROVIDER: one of ${MODEL_PROVIDERS.join(', ')}`);
  if (!env.ASSISTANT_EVAL_MODEL) throw new Error('ASSISTANT_EVAL_MODEL: the model id is required with a key');
  return createLanguageModel({
    provider,
    model: env.ASSISTANT_EVAL_MODEL,
    apiKey: env.ASSISTANT_EVAL_API_KEY,
    baseUrl: env.ASSISTANT_EVAL_BASE_URL,
  });
}

const model = configuredModel();

if (!model) {
  it('says the model evaluation did not run', () => {
    console.log(
      'model evaluation skipped: no key configured (set ASSISTANT_EVAL_API_KEY and ASSISTANT_EVAL_MODEL to run it)',
    );
    expect(model).toBeNull();
  });
} else {
  const { data, profile } = exampleData();
  const ctx = toolContext(data, 'admin');
  const written = (n: number) => n.toLocaleString('en-US');
  const facts: Facts = {
    volume: (...names) =>
      written(profile.events.filter((e) => names.includes(e.name)).reduce((s, e) => s + e.total, 0)),
    planned: (kind, test = () => true) =>
      written((data.plan[kind] as unknown as Record<string, unknown>[]).filter((i) => test(i)).length),
  };
  const exists = new Set([
    ...data.plan.events.map((e) => `event:${e.id}`),
    ...data.plan.attributes.map((a) => `attribute:${a.id}`),
    ...data.plan.views.map((v) => `view:${v.id}`),
    ...data.plan.maps.map((m) => `map:${m.id}`),
    ...data.findings.map((f) => `finding:${f.id}`),
  ]);
  const results: Array<{ category: string; right: boolean; valid: boolean; unmarked: number; failed: boolean }> = [];

  const evaluate = (answer: ModelAnswer) => {
    const evidence = {
      outputs: answer.calls.map((c) => c.output),
      references: answer.calls.flatMap((c) => c.references),
    };
    return {
      valid: citedReferences(answer.content).every((r) => exists.has(`${r.kind}:${r.id}`)),
      unmarked: checkGrounding(answer.content, evidence).unverifiedNumbers.length,
    };
  };

  afterAll(() => {
    const pct = (n: number, of: number) => `${of === 0 ? 100 : Math.round((n / of) * 1000) / 10} %`;
    const lines = [`model evaluation (${env.ASSISTANT_EVAL_PROVIDER ?? 'anthropic'} ${env.ASSISTANT_EVAL_MODEL})`];
    for (const category of CATEGORIES) {
      const rows = results.filter((r) => r.category === category);
      lines.push(`  ${category.padEnd(18)} ${pct(rows.filter((r) => r.right).length, rows.length)}`);
    }
    lines.push(`model failures: ${results.filter((r) => r.failed).length}`);
    lines.push(`references valid: ${pct(results.filter((r) => r.valid).length, results.length)} of answers`);
    lines.push(`unverified numbers shown unmarked: ${results.reduce((s, r) => s + r.unmarked, 0)}`);
    console.log(lines.join('\n'));
  });

  describe('model evaluation set', () => {
    for (const test of EVAL_SET) {
      it(
        test.question,
        async () => {
          try {
            const answer = await answerWithModel({
              model,
              ctx,
              question: test.question,
              history: [],
              prompt: { glossary: '', sources: [], today: new Date().toISOString().slice(0, 10) },
              runQuery: null,
              signal: AbortSignal.timeout(QUESTION_TIMEOUT_MS),
            });
            const { valid, unmarked } = evaluate(answer);
            const expected = test.intent === null ? [] : (test.expect?.(facts) ?? []);
            const right =
              expected.every((text) => answer.content.includes(text)) &&
              !(test.reject ?? []).some((t) => answer.content.includes(t));
            results.push({ category: test.category, right, valid, unmarked, failed: false });
            expect({ valid, unmarked }).toEqual({ valid: true, unmarked: 0 });
          } catch (error) {
            results.push({ category: test.category, right: false, valid: true, unmarked: 0, failed: true });
            throw error;
          }
        },
        QUESTION_TIMEOUT_MS * 3,
      );
    }
  });
}
