import { AppError } from '@tracemap/service-kit';

/** Why a push could not run at all (single operations the destination refuses are outcomes, not errors). */
export const DESTINATION_ERRORS = {
  authFailed: (destination: string, status: number) =>
    new AppError(502, 'destination_auth_failed', `${destination} refused the credentials (HTTP ${status}).`),
  unavailable: (destination: string, detail: string) =>
    new AppError(502, 'destination_unavailable', `${destination} could not be reached: ${detail}`),
  readFailed: (destination: string, status: number, detail: string) =>
    new AppError(502, 'destination_read_failed', `${destination} answered HTTP ${status} when read: ${detail}`),
  mismatchedCredentials: (destination: string) =>
    new AppError(400, 'destination_credentials_mismatch', `The credentials given are not ${destination}'s.`),
} as const;
