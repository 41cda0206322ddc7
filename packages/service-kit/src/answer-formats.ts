import { FormatRegistry } from '@sinclair/typebox';

// TypeBox refuses a string whose format it has no definition for, so without these a
// peer's answer naming a uuid or a timestamp would never fit its contract. A host's own
// definitions win; these match the ones the tracking-plan package registers.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function isUri(value: string): boolean {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value));
  } catch {
    return false;
  }
}

export function ensureAnswerFormats(): void {
  if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (value) => UUID.test(value));
  if (!FormatRegistry.Has('date-time'))
    FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
  if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', isUri);
}
