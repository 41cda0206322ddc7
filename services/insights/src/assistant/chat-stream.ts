import type { ServerResponse } from 'node:http';
import type { ChatStreamEvent } from '@tracemap/contracts';
import type { AskedAnswer } from './ask-question';

// Answers are sent in pieces of about this many characters, cut at a space, like a model's deltas.
const DELTA_CHARS = 200;

function pieces(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > DELTA_CHARS) {
    const cut = rest.lastIndexOf(' ', DELTA_CHARS);
    const at = cut > 0 ? cut + 1 : DELTA_CHARS;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

/** Server-sent events headers: no caching, and no proxy buffering (each event is sent as written). */
export function startStream(raw: ServerResponse): void {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
}

export function writeEvent(raw: ServerResponse, event: ChatStreamEvent, data: unknown): void {
  // JSON has no raw newlines, so each event is one `data:` line.
  raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The end of an answer whose tool calls and checked text were sent as the model worked: its
 * references, then done with the stored message. Its content is the answer as checked, which a
 * client shows in place of the deltas (after a repair round they are only the first answer's
 * start, or nothing).
 */
export function finishStream(raw: ServerResponse, { answer }: AskedAnswer): void {
  for (const reference of answer.references) writeEvent(raw, 'reference', reference);
  writeEvent(raw, 'done', answer);
  raw.end();
}

/** The answer as events, in the contract's order: tool calls, deltas, references, then done with the stored message. */
export function streamAnswer(raw: ServerResponse, { answer, toolCalls }: AskedAnswer): void {
  for (const call of toolCalls) writeEvent(raw, 'tool', call);
  for (const text of pieces(answer.content)) writeEvent(raw, 'delta', { text });
  for (const reference of answer.references) writeEvent(raw, 'reference', reference);
  writeEvent(raw, 'done', answer);
  raw.end();
}
