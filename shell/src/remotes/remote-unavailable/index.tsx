import { Button } from '@tracemap/ui';

export interface RemoteUnavailableProps {
  /** Human name of the part, e.g. "Company". */
  label: string;
  remote: string;
  onRetry: () => void;
}

/** Fallback for a remote that could not be loaded: names the part and offers a Retry. */
export function RemoteUnavailable({ label, remote, onRetry }: RemoteUnavailableProps) {
  return (
    <section className="tm-page tm-container" role="alert" data-testid="remote-unavailable" data-remote={remote}>
      <h1>This part of Tracemap is unavailable right now</h1>
      <p>
        The <strong>{label}</strong> area could not be loaded. The rest of Tracemap still works; try again in a moment.
      </p>
      <Button onClick={onRetry} data-testid="remote-retry">
        Retry
      </Button>
    </section>
  );
}

export function RemoteLoading({ label, remote }: { label: string; remote: string }) {
  return (
    <section className="tm-page tm-container" aria-busy="true" data-testid="remote-loading" data-remote={remote}>
      <p>Loading {label}…</p>
    </section>
  );
}
