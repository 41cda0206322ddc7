import { detectFormat, type SourceFormat } from '@tracemap/discovery';
import type { UploadFormat } from '@tracemap/contracts';
import { checkArchive, fileRecords, type FileRecord } from './file-lines';
import { IngestError } from './ingest-errors';
import type { IngestLimits } from './ingest-limits';

/**
 * The format a spooled upload is read as: the one asked for, or, for `auto`,
 * the one its first record shows. Reads only as far as that first record; an
 * archive whose directory breaks the limits is refused here too, before a run
 * exists.
 */
export async function sniffFormat(
  file: { path: string; bytes: number },
  requested: UploadFormat,
  limits: IngestLimits,
): Promise<SourceFormat> {
  await checkArchive(file.path, limits);
  let first: FileRecord | null = null;
  for await (const record of fileRecords(file.path, file.bytes, limits)) {
    if ('text' in record && record.text.trim() === '') continue;
    first = record;
    break;
  }
  if (first === null) throw new IngestError('empty_upload');
  if (requested !== 'auto') return requested;
  let record: unknown;
  try {
    record = 'text' in first ? JSON.parse(first.text) : first.value;
  } catch {
    throw new IngestError('unknown_format');
  }
  const format = detectFormat(record);
  if (!format) throw new IngestError('unknown_format');
  return format;
}
