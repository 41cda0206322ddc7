import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { ProposeChangeOutput, type ChatToolCall } from '@tracemap/contracts';

/** A tool call as it ran: the offline answerer's (untimed) or the model's (timed, its answer to the model). */
export interface RanToolCall {
  tool: ChatToolCall['tool'];
  input: unknown;
  output?: unknown;
  durationMs?: number;
}

/**
 * A tool call as it is stored and streamed: with an id of its own, which a drafted change is
 * later applied by, and, for a `propose_change` that drafted one, the change in words for the
 * card that offers it. A refused draft (`{ error }`) stays a plain call: there is nothing to apply.
 */
export function storedToolCall(call: RanToolCall): ChatToolCall {
  const stored: ChatToolCall = { id: randomUUID(), tool: call.tool, input: call.input };
  if (call.durationMs !== undefined) stored.durationMs = call.durationMs;
  if (call.tool === 'propose_change' && Value.Check(ProposeChangeOutput, call.output))
    stored.summary = call.output.summary;
  return stored;
}
