/** One server-sent event as the assistant's stream writes it: a name and one JSON `data:` line. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Splits what has arrived so far into whole events and the unfinished rest,
 * which waits for the next chunk. Events are separated by a blank line; a
 * block without data (a comment, a keep-alive) is skipped.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    try {
      events.push({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      // A malformed event is dropped; the `done` event carries the whole answer anyway.
    }
  }
  return { events, rest };
}
