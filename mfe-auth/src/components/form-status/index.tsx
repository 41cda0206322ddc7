import type { ReactNode } from 'react';

/**
 * The form's live region: an error is announced at once (role=alert), a success or progress
 * message politely (role=status). Both regions are always in the DOM so changes are read out.
 */
export function FormStatus({
  error,
  success,
  testId = 'form',
}: {
  error?: ReactNode;
  success?: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <div
        role="alert"
        className={error ? 'au-status au-status--error' : 'au-status-empty'}
        data-testid={`${testId}-error`}
      >
        {error || null}
      </div>
      <div
        role="status"
        aria-live="polite"
        className={success ? 'au-status au-status--ok' : 'au-status-empty'}
        data-testid={`${testId}-status`}
      >
        {success || null}
      </div>
    </>
  );
}
