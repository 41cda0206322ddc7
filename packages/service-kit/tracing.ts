// A service's entry point imports this before anything else: see src/observability/start-tracing.
import './src/observability/start-tracing';
