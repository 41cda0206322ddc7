import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from '../primitives';

// Example traffic: one click fills discovery with generated traffic for the
// sample e-commerce plan, read by the same pipeline as an uploaded file.

/** How much example traffic one request writes, and in which source format. */
export const EXAMPLE_TRAFFIC_EVENTS = 20_000;
export const EXAMPLE_TRAFFIC_FORMAT = 'segment' as const;

/** `POST /api/insights/{companyId}/discovery/example-traffic` answers the run that reads it (202). */
export const ExampleTrafficAccepted = Type.Object({ runId: UuidSchema }, strictObject);
export type ExampleTrafficAccepted = Static<typeof ExampleTrafficAccepted>;
