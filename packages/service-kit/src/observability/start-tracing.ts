import path from 'node:path';
import type * as Exporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as TraceBase from '@opentelemetry/sdk-trace-base';
import type * as Tracing from './tracing';

/**
 * Imported first by every service's entry point. With OTEL_EXPORTER_OTLP_ENDPOINT set, it
 * starts tracing before Fastify, pg and node:http are loaded (the instrumentations patch them
 * as they load) and exports spans over OTLP/HTTP in batches. Unset (the default), it loads
 * nothing of the tracing SDK: no patched modules, no cost per request.
 *
 * The exporter reads the standard OTEL_EXPORTER_OTLP_* variables (endpoint, headers,
 * timeout); OTEL_SERVICE_NAME names the service, else the folder the entry point lives in
 * (`services/company/src/server.ts` and `services/company/dist/server.js` are `company`).
 */
function serviceNameOf(entry: string | undefined): string {
  if (process.env.OTEL_SERVICE_NAME) return process.env.OTEL_SERVICE_NAME;
  return entry ? path.basename(path.dirname(path.dirname(path.resolve(entry)))) : 'tracemap';
}

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT && process.env.OTEL_SDK_DISABLED !== 'true') {
  // Loaded here, synchronously and only when asked for: an import would load the SDK in every
  // process, and an asynchronous one would run after the modules it must patch.
  const { startTracing } = require('./tracing') as typeof Tracing;
  const { BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof TraceBase;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof Exporter;
  // runService sends the spans still in the batch after its graceful close.
  startTracing({
    serviceName: serviceNameOf(process.argv[1]),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
}
