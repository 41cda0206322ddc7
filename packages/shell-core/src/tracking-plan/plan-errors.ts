import type { LintFinding, LintFailedBody, VersionConflictBody } from '@tracemap/contracts';
import { ApiError } from '../api/api-error';

/** The entity as it now is, when a save was refused because someone else changed it first. */
export function versionConflictOf<T>(error: unknown): VersionConflictBody<T> | null {
  if (!(error instanceof ApiError) || error.statusCode !== 409 || error.code !== 'version_conflict') return null;
  return error.body as unknown as VersionConflictBody<T>;
}

/** The lint findings that blocked a save (422 `lint_failed`), or null for any other error. */
export function lintFindingsOf(error: unknown): LintFinding[] | null {
  if (!(error instanceof ApiError) || error.code !== 'lint_failed') return null;
  const findings = (error.body as Partial<LintFailedBody>).findings;
  return Array.isArray(findings) ? findings : [];
}
