import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from '../primitives';

// Pulls: the insights service reads a connected GA4 property or Amplitude
// project itself, on demand and on a schedule. Each pull is a run, listed and
// read like an upload's.

/** `POST /api/insights/{companyId}/discovery/sources/{sourceId}/pull` answers the run that pulls (202). */
export const PullAccepted = Type.Object({ runId: UuidSchema }, strictObject);
export type PullAccepted = Static<typeof PullAccepted>;

/** The format of a GA4 pull's run: event counts from the Data API's reports (an Amplitude pull's run reads `amplitude-export`). */
export const GA4_REPORT_FORMAT = 'ga4-data-api' as const;

/**
 * What a GA4 source can show, in words for the pages: the Data API reports event names with
 * their counts, and a parameter only once it is registered as an event-scoped custom dimension
 * (`customEvent:…`) in the property; its values arrive as text, so types are not observed.
 */
export const GA4_PULL_NOTE =
  'GA4 reports event names with their counts. Event parameters appear only when they are registered as custom dimensions (event scope) in the GA4 property, and their values arrive as text, so their types cannot be checked. For every parameter with its type, upload the BigQuery export instead.';
