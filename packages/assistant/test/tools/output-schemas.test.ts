import { Value } from '@sinclair/typebox/value';
import { ASSISTANT_TOOLS, ensureContractFormats } from '@tracemap/contracts';
import { answerOffline, toolContext } from '../../src';
import { EVAL_SET } from '../eval/eval-set';
import { exampleData } from '../support/example-data';

// Every output a tool gives while the evaluation set is answered matches that
// tool's output schema in contracts: what the chat, the MCP server and a model read.

ensureContractFormats();
const { data } = exampleData();

it.each([['admin' as const], ['viewer' as const]])('tool outputs match their schemas (%s)', (role) => {
  const ctx = toolContext(data, role);
  const tools = new Set<string>();
  for (const test of EVAL_SET) {
    for (const call of answerOffline(test.question, ctx).toolCalls) {
      tools.add(call.tool);
      const schema = ASSISTANT_TOOLS[call.tool].output;
      const errors = [...Value.Errors(schema, call.output)]
        .slice(0, 3)
        .map((e) => `${call.tool} ${e.path} ${e.message}`);
      expect(errors).toEqual([]);
    }
  }
  expect(tools.size).toBeGreaterThanOrEqual(9);
});
