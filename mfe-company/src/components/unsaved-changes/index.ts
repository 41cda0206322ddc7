import { useEffect, useRef } from 'react';

/** Whether an open editor holds changes not yet saved. */
export type UnsavedCheck = () => boolean;

// Every mounted editor's check: something that would drop them all (switching plans) asks first.
const checks = new Set<UnsavedCheck>();

/** Adds a check until the returned function removes it. */
export function registerUnsavedChanges(check: UnsavedCheck): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

export function hasUnsavedChanges(): boolean {
  for (const check of checks) if (check()) return true;
  return false;
}

/** True when nothing is unsaved, or the person agreed to drop it (`ask` is the browser's confirm by default). */
export function mayDropUnsaved(
  question: string,
  ask: (question: string) => boolean = (q) => window.confirm(q),
): boolean {
  return !hasUnsavedChanges() || ask(question);
}

/**
 * While the component is mounted, `check` tells whether it holds unsaved changes: closing or
 * reloading the tab then asks first, and so does anything in the app that would drop them
 * (see `mayDropUnsaved`). The latest `check` is used, so it may read the current render's state.
 */
export function useUnsavedChanges(check: UnsavedCheck): void {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    const current = () => latest.current();
    const unregister = registerUnsavedChanges(current);
    const warn = (event: BeforeUnloadEvent) => {
      if (current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      unregister();
      window.removeEventListener('beforeunload', warn);
    };
  }, []);
}
