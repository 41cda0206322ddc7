import type { ObservedEvent } from '../observed-event';
import { adaptAmplitudeEvent } from './amplitude-export';
import { adaptGa4Row } from './ga4-bigquery';
import * as jsonValues from './json-values';
import type { JsonObject } from './json-values';
import { adaptMparticleBatch } from './mparticle';
import { adaptSnowplowEvent } from './snowplow';
import { adaptSpecMessage } from './spec-message';
import type { AdaptOptions, AdaptResult, SourceFormat } from './source-format';

// Read once here rather than through the import on every call (a property getter when run from source).
const { RecordProblem, field, isObject } = jsonValues;

/** How many problems of one batch are named in its error before the rest are counted. */
const PROBLEMS_NAMED = 3;

/**
 * One parsed record (an NDJSON line, one element of a JSON array, or a
 * `{ batch }`) into the events it holds. Never throws: a record that cannot be
 * read gives an `error`, and in a batch the readable elements are still kept.
 */
export function adaptRecord(
  format: SourceFormat,
  record: unknown,
  sourceId: string,
  options: AdaptOptions = {},
): AdaptResult {
  try {
    const events: ObservedEvent[] = [];
    const problems: string[] = [];
    if (isSingle(format, record)) {
      // The common case, read without the list of elements a batch needs.
      try {
        if (!isObject(record)) throw new RecordProblem('record is not a JSON object');
        adaptOne(format, record, sourceId, options, events, problems, '');
      } catch (error) {
        if (!(error instanceof RecordProblem)) throw error;
        problems.push(error.message);
      }
      return problems.length === 0 ? { events } : { events, error: summary(problems) };
    }
    const elements = elementsOf(format, record);
    elements.forEach((element, index) => {
      const where = elements.length > 1 || element !== record ? `${containerName(record)}[${index}]: ` : '';
      try {
        if (!isObject(element)) throw new RecordProblem('record is not a JSON object');
        adaptOne(format, element, sourceId, options, events, problems, where);
      } catch (error) {
        if (!(error instanceof RecordProblem)) throw error;
        problems.push(where + error.message);
      }
    });
    return problems.length === 0 ? { events } : { events, error: summary(problems) };
  } catch (error) {
    if (error instanceof RecordProblem) return { events: [], error: error.message };
    // A record deep enough to overflow the stack, or anything unforeseen: the record is refused, the run goes on.
    return { events: [], error: `record could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Whether `elementsOf` would give the record alone. */
function isSingle(format: SourceFormat, record: unknown): boolean {
  if (Array.isArray(record)) return false;
  return !(
    (format === 'segment' || format === 'rudderstack') &&
    isObject(record) &&
    field(record, 'batch') !== undefined
  );
}

function elementsOf(format: SourceFormat, record: unknown): unknown[] {
  if (Array.isArray(record)) return record;
  if ((format === 'segment' || format === 'rudderstack') && isObject(record)) {
    const batch = field(record, 'batch');
    if (batch !== undefined) {
      if (!Array.isArray(batch)) throw new RecordProblem('batch is not an array');
      return batch;
    }
  }
  return [record];
}

function containerName(record: unknown): string {
  return Array.isArray(record) ? '' : 'batch';
}

function adaptOne(
  format: SourceFormat,
  record: JsonObject,
  sourceId: string,
  options: AdaptOptions,
  events: ObservedEvent[],
  problems: string[],
  where: string,
): void {
  switch (format) {
    case 'ga4-bigquery':
      events.push(adaptGa4Row(record, sourceId));
      return;
    case 'amplitude-export':
      events.push(adaptAmplitudeEvent(record, sourceId));
      return;
    case 'segment':
    case 'rudderstack':
      events.push(adaptSpecMessage(record, sourceId, options.receivedAt));
      return;
    case 'mparticle': {
      const result = adaptMparticleBatch(record, sourceId);
      events.push(...result.events);
      problems.push(...result.problems.map((problem) => where + problem));
      return;
    }
    case 'snowplow':
      events.push(adaptSnowplowEvent(record, sourceId, options.receivedAt));
      return;
  }
}

function summary(problems: string[]): string {
  const named = problems.slice(0, PROBLEMS_NAMED).join('; ');
  const more = problems.length - PROBLEMS_NAMED;
  return more > 0 ? `${named}; and ${more} more` : named;
}
