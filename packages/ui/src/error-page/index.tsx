import { Button } from '../button';

export interface ErrorPageProps {
  status: number;
  message: string;
  /** Called by "Go Home"; defaults to a full navigation to `/`. */
  onGoHome?: () => void;
}

/** The error page: status code, "Oops!", the message and a Go Home button leading to `/`. */
export function ErrorPage({ status, message, onGoHome }: ErrorPageProps) {
  const goHome = onGoHome ?? (() => window.location.assign('/'));
  return (
    <section className="tm-error" data-testid="error-page" data-status={status} role="alert">
      <p className="tm-error__status" data-testid="error-status">
        {status}
      </p>
      <h1>Oops!</h1>
      <p data-testid="error-message">{message}</p>
      <Button onClick={goHome} data-testid="error-go-home">
        Go Home
      </Button>
    </section>
  );
}
