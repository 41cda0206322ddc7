import { trace } from '@opentelemetry/api';

let started = false;
let flush: () => Promise<void> = async () => undefined;

export function markTracingStarted(shutdown: () => Promise<void>): void {
  started = true;
  flush = shutdown;
}

/** Sends the spans still waiting in a batch; the last step of a graceful stop. */
export async function flushTraces(): Promise<void> {
  await flush().catch(() => undefined);
}

/** True once this process traces; until then nothing trace-related runs per request or log line. */
export function tracingStarted(): boolean {
  return started;
}

/** Joins a log line to its trace: the ids of the span active when it is written. */
export function traceLogFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
