import { AppError } from '@tracemap/service-kit';

/** Whitespace-only text passes a length check but says nothing: treat it as missing. */
export function requireText(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new AppError(400, 'validation_failed', `${field} required`);
  return trimmed;
}
