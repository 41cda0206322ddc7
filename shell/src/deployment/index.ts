/**
 * For a remote that failed to load: a failed chunk may mean the app was redeployed under us. The
 * watch starts once the first page is shown; before that there is no running build to compare
 * with, so there is nothing to do.
 */
export function recoverFromChunkError(targetPath: string): Promise<boolean> {
  return import('@tracemap/shell-core/deployment').then(
    (watch) => watch.recoverFromChunkError(targetPath),
    () => false,
  );
}
