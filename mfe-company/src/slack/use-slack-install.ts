import { useCallback, useEffect, useRef, useState } from 'react';
import { createInstallUrl, getSlackStatus } from './slack-api';
import { listenForPopup, openBlankPopup, type PopupResult } from './oauth-popup';

const POLL_MS = 1000;
/** As long as the install's state is accepted. */
const FLOW_LIMIT_MS = 10 * 60 * 1000;

export interface InstallFlow {
  /** The company whose install is open, if any. */
  pending: string | null;
  /** Why the last install did not connect (a named error), or a blocked popup. */
  failure: string | null;
  start(companyId: string): void;
}

/**
 * The "Add to Slack" flow: the popup opens inside the click, then is sent to the URL the
 * authenticated call answers. The flow ends when the popup reports (three ways, see
 * listenForPopup) or when polling sees the company connected (`popup.closed` cannot be
 * trusted across origins), then `onDone` refreshes the company's status.
 */
export function useSlackInstall(onDone: (companyId: string) => void): InstallFlow {
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cleanup = useRef<() => void>(() => undefined);

  useEffect(() => () => cleanup.current(), []);

  const start = useCallback(
    (companyId: string) => {
      cleanup.current();
      const popup = openBlankPopup();
      setFailure(null);
      if (!popup) {
        setFailure('popup_blocked');
        return;
      }
      setPending(companyId);
      let finished = false;
      const startedAt = Date.now();
      const finish = (result: PopupResult | null) => {
        if (finished) return;
        finished = true;
        cleanup.current();
        setPending(null);
        if (result?.status === 'error') setFailure(result.code ?? 'error');
        onDone(companyId);
      };
      const stopListening = listenForPopup('slack', finish);
      const poll = window.setInterval(() => {
        if (Date.now() - startedAt > FLOW_LIMIT_MS) return finish(null);
        getSlackStatus(companyId).then(
          (status) => status.status === 'connected' && finish({ provider: 'slack', status: 'success' }),
          () => undefined,
        );
      }, POLL_MS);
      cleanup.current = () => {
        stopListening();
        window.clearInterval(poll);
      };
      createInstallUrl(companyId).then(
        ({ url }) => {
          popup.location.href = url;
        },
        (error: unknown) => {
          popup.close();
          finish({ provider: 'slack', status: 'error', code: error instanceof Error ? error.message : 'error' });
        },
      );
    },
    [onDone],
  );

  return { pending, failure, start };
}
