import { AppError } from '@tracemap/service-kit';

/** Every way a release or a rollback is refused. */
export type ReleaseErrorCode =
  | 'unknown_remote'
  | 'release_incompatible'
  | 'shell_contract_unknown'
  | 'release_version_taken'
  | 'release_not_found'
  | 'nothing_to_roll_back';

const STATUS: Record<ReleaseErrorCode, number> = {
  unknown_remote: 400,
  release_incompatible: 409,
  shell_contract_unknown: 409,
  release_version_taken: 409,
  release_not_found: 404,
  nothing_to_roll_back: 409,
};

export function releaseError(code: ReleaseErrorCode, message: string): AppError {
  return new AppError(STATUS[code], code, message);
}
