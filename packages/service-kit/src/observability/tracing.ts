import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { markTracingStarted } from './trace-context';

/** Probes are called every few seconds by the orchestrator; their spans would bury the real ones. */
const PROBES = new Set(['/health', '/ready']);

export interface TracingOptions {
  serviceName: string;
  /** Where finished spans go: the OTLP exporter in a deployment, memory in a test. */
  spanProcessors: SpanProcessor[];
}

/**
 * Starts tracing for the process: a provider that keeps the active span across awaits, W3C
 * `traceparent` read from and written to every HTTP hop (the peer client's node:http calls,
 * fetch and the gateway's proxy over undici), and spans for Fastify's request lifecycle and
 * each PostgreSQL query. It patches modules as they are loaded, so it runs before the
 * service's own imports (see start-tracing).
 */
export function startTracing(options: TracingOptions): NodeTracerProvider {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: options.spanProcessors,
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBES.has((request.url ?? '').split('?')[0]),
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => PROBES.has(route.url),
        // One span per request (route, status, request id); a span per hook and handler, named
        // after anonymous plugins' source text, would say little more and cost more.
        instrumentHooks: false,
        instrumentHandler: false,
        // The id the gateway gave the request, so a trace is found from a log line or an error answer.
        requestHook: (span, request) => span.setAttribute('request.id', request.id),
      }),
    ],
  });
  markTracingStarted(() => provider.shutdown());
  return provider;
}
