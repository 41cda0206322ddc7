import { ApiError } from '@tracemap/shell-core';

/** The message to show for a failed call: an API error's message as the service wrote it. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again later.';
}

export function ApiErrorMessage({ error, testId = 'api-error' }: { error: unknown; testId?: string }) {
  if (!error) return null;
  return (
    <p className="co-error" role="alert" data-testid={testId}>
      {errorMessage(error)}
    </p>
  );
}
