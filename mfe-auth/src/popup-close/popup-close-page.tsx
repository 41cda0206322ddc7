import { useEffect, useMemo } from 'react';
import { readReport, reportToOpener } from './report-to-opener';

const ERRORS: Record<string, string> = {
  invalid_state: 'The request expired or was started in another browser.',
  access_denied: 'The request was cancelled.',
  exchange_failed: 'The service did not accept the connection.',
};

/**
 * Where OAuth popups end (`/auth/popup-close`). With a provider's result it reports it to the
 * opener and closes; a sign-in popup without one just closes. When the browser keeps the
 * window open, the page says what happened.
 */
export function PopupClosePage() {
  const report = useMemo(() => readReport(window.location.search), []);
  useEffect(() => {
    if (report) reportToOpener(report);
    if (report || window.opener) window.close();
  }, [report]);

  if (!report)
    return (
      <section className="tm-page tm-container">
        <h1>Signed in</h1>
        <p>You can close this window and return to Tracemap.</p>
      </section>
    );
  return (
    <section
      className="tm-page tm-container"
      data-testid="popup-close"
      data-status={report.status}
      data-code={report.code ?? ''}
    >
      {report.status === 'success' ? (
        <h1>Connected — you can close this window</h1>
      ) : (
        <>
          <h1>Not connected</h1>
          <p role="alert">
            {ERRORS[report.code ?? ''] ?? 'Something went wrong.'} ({report.code ?? 'error'}) You can close this window.
          </p>
        </>
      )}
    </section>
  );
}
