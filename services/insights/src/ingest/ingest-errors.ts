import { AppError } from '@tracemap/service-kit';

/** Why an upload is refused or a run fails; the closed set clients see as `code` (or a run's `failure`). */
export const INGEST_FAILURES = {
  unknown_format: 'The file is in none of the supported formats.',
  empty_upload: 'The file holds no record.',
  upload_too_large: 'The file is larger than uploads may be.',
  decompression_limit: 'The file unpacks to more than is allowed for its size.',
  too_many_entries: 'The archive holds more files than are allowed.',
  bad_archive: 'The file could not be unpacked.',
  line_too_long: 'A line of the file is longer than allowed.',
  bad_json: 'The file is a JSON document that breaks off or is not JSON.',
  upload_missing: 'The uploaded file is no longer there to be read; upload it again.',
} as const;
export type IngestFailure = keyof typeof INGEST_FAILURES;

const STATUS: Record<IngestFailure, number> = {
  unknown_format: 400,
  empty_upload: 400,
  upload_too_large: 413,
  decompression_limit: 413,
  too_many_entries: 413,
  bad_archive: 400,
  line_too_long: 413,
  bad_json: 400,
  upload_missing: 410,
};

/** An upload refused, or a run stopped, for one of the known reasons. */
export class IngestError extends AppError {
  constructor(readonly failure: IngestFailure) {
    super(STATUS[failure], failure, INGEST_FAILURES[failure]);
    this.name = 'IngestError';
  }
}

export const isIngestError = (error: unknown): error is IngestError => error instanceof IngestError;
