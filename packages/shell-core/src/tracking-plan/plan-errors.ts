import type { LintFinding, LintFailedBody, VersionConflictBody } from '@tracemap/contracts';
// Through the package's main entry, not relative paths: an app that bundles this entry point then
// uses the one shared session, stores and error class instead of copies of its own.
import { ApiError } from '@tracemap/shell-core';

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
