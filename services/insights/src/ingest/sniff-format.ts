import { detectFormat, type SourceFormat } from '@tracemap/discovery';
import type { UploadFormat } from '@tracemap/contracts';
import { checkArchive, fileLines } from './file-lines';
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
  let first: string | null = null;
  for await (const line of fileLines(file.path, file.bytes, limits)) {
    if (line.trim() === '') continue;
    first = line;
    break;
  }
  if (first === null) throw new IngestError('empty_upload');
  if (requested !== 'auto') return requested;
  let record: unknown;
  try {
    record = JSON.parse(first);
  } catch {
    throw new IngestError('unknown_format');
  }
  const format = detectFormat(record);
  if (!format) throw new IngestError('unknown_format');
  return format;
}
