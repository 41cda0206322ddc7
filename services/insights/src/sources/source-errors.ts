import { AppError } from '@tracemap/service-kit';

/** The closed set of errors of the sources feature. */
export const SOURCE_ERRORS = {
  notFound: () => new AppError(404, 'source_not_found', 'Source not found'),
  notACollector: () => new AppError(400, 'not_a_collector', 'Only a collector source has an ingest key.'),
  credentialsUnavailable: () =>
    new AppError(
      503,
      'credentials_unavailable',
      'This installation cannot store credentials yet (no encryption key is configured).',
    ),
} as const;
