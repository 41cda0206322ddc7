import { FormatRegistry } from '@sinclair/typebox';

/**
 * TypeBox checks string formats only once they are registered. The contracts
 * use these three; register them unless the host already did (its own
 * definitions win).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function isUri(value: string): boolean {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value));
  } catch {
    return false;
  }
}

export function ensureContractFormats(): void {
  if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (value) => UUID.test(value));
  if (!FormatRegistry.Has('date-time'))
    FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
  if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', isUri);
}
