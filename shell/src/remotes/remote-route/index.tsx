import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { loadRemoteComponent, peekRemoteComponent, resetRemote } from '../registry';
import { recoverFromChunkError } from '../../deployment';
import { PageShown } from '../../page-shown';
import { RemoteErrorBoundary } from '../error-boundary';
import { RemoteLoading, RemoteUnavailable } from '../remote-unavailable';

export interface RemoteRouteProps {
  /** Federation name, e.g. "mfe_company". */
  remote: string;
  /** Exposed module, default "./routes". */
  module?: string;
  /** Human name shown in the fallback, e.g. "Company". */
  label: string;
}

type State = { Comp?: ComponentType; error?: unknown };

/** Inside a remote's pages, the registry is read again at most this often (one small request). */
const RECHECK_MS = 5000;

/**
 * Renders one remote's exposed routes. Each time the route is entered it re-reads
 * /remotes.json (so a moved, rebuilt or newly released remote is picked up without a reload), and
 * on navigations inside its pages at most every few seconds: when the remote's entry changed, the
 * new build replaces the old one at that navigation. A failure shows a named fallback with Retry
 * instead of blanking the shell.
 */
export function RemoteRoute({ remote, module = './routes', label }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() => ({ Comp: peekRemoteComponent(remote, module) }));

  useEffect(() => {
    let alive = true;
    loadRemoteComponent(remote, module).then(
      (Comp) => alive && setState((s) => (s.Comp === Comp && !s.error ? s : { Comp })),
      (error: unknown) => {
        console.warn(`[shell] ${remote} is unavailable`, error);
        // A redeployed shell may have removed what this page still asks for.
        void recoverFromChunkError(window.location.pathname + window.location.search);
        if (alive) setState({ error });
      },
    );
    return () => {
      alive = false;
    };
  }, [remote, module, attempt]);

  // A navigation inside the remote's pages: swap in a newly released build, if there is one.
  const { pathname } = useLocation();
  const entered = useRef(false);
  useEffect(() => {
    // The first run is the route's entry, which the load above already covers.
    if (!entered.current) {
      entered.current = true;
      return;
    }
    let alive = true;
    loadRemoteComponent(remote, module, RECHECK_MS).then(
      (Comp) => alive && setState((s) => (s.Comp === Comp || s.error ? s : { Comp })),
      // The page keeps the build it has; entering the route again retries.
      (error: unknown) => console.warn(`[shell] ${remote}: could not check for a new release`, error),
    );
    return () => {
      alive = false;
    };
  }, [remote, module, pathname]);

  const retry = useCallback(() => {
    resetRemote(remote);
    setState({});
    setAttempt((a) => a + 1);
  }, [remote]);

  const fallback = (
    <>
      <RemoteUnavailable label={label} remote={remote} onRetry={retry} />
      <PageShown />
    </>
  );
  if (state.error) return fallback;
  if (!state.Comp) return <RemoteLoading label={label} remote={remote} />;
  const Comp = state.Comp;
  return (
    <RemoteErrorBoundary key={attempt} fallback={() => fallback} onError={() => resetRemote(remote)}>
      <Suspense fallback={<RemoteLoading label={label} remote={remote} />}>
        <Comp />
        <PageShown />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
