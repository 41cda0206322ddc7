import { AppError } from '@tracemap/service-kit';

/** The closed set of refusals of the destinations routes. */
export const DESTINATION_ROUTE_ERRORS = {
  notFound: () => new AppError(404, 'destination_not_found', 'Destination not found'),
  runNotFound: () => new AppError(404, 'sync_run_not_found', 'Push run not found'),
  kindMismatch: () =>
    new AppError(400, 'destination_kind_mismatch', 'The settings and the credentials must be of the destination type.'),
  syncSetNotFound: () => new AppError(404, 'sync_set_not_found', 'Push not found'),
  syncBusy: (names: string[]) =>
    new AppError(
      409,
      'destination_sync_busy',
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} already being pushed; wait for that push to finish.`,
    ),
  nameTaken: () => new AppError(409, 'destination_name_taken', 'Another destination of the company has this name.'),
  secretsNotConfigured: () =>
    new AppError(503, 'destinations_not_configured', 'This server has no key to keep destination credentials with.'),
} as const;
