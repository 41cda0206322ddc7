import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, authedFetch } from '@tracemap/shell-core';
import { getSubscriptionDetails } from '@tracemap/shell-core/subscription';
import { Button } from '@tracemap/ui';

/** What the sandbox clock answers: its current time (it runs ahead of the real one by the advances made). */
interface ClockAnswer {
  now: string | number;
  offsetSeconds?: number;
}

const CLOCK = '/api/subscription/sandbox/clock';

// Seconds or an ISO string: either way a Date.
function toDate(value: string | number): Date {
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again later.';
}

type ClockState =
  { status: 'loading' } | { status: 'absent' } | { status: 'ready'; now: Date } | { status: 'failed'; message: string };

/**
 * Moves the sandbox billing provider's clock (renewals, trial ends, failed payments) so billing
 * can be tried in minutes instead of months. The clock exists only with the sandbox provider:
 * with a real provider the clock API answers 404 and nothing is shown.
 */
export function SandboxClock() {
  const [clock, setClock] = useState<ClockState>({ status: 'loading' });
  const [companyId, setCompanyId] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(async () => {
    try {
      const answer = await authedFetch<ClockAnswer>(CLOCK);
      setClock({ status: 'ready', now: toDate(answer.now) });
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) setClock({ status: 'absent' });
      else setClock({ status: 'failed', message: messageOf(err) });
    }
  }, []);

  useEffect(() => {
    void read();
  }, [read]);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const message = await action();
      // The time shown is read again before the notice, so the two never disagree.
      await read();
      setNotice(message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const advance = (body: { days: number } | { seconds: number }, label: string) =>
    act(async () => {
      const answer = await authedFetch<ClockAnswer>(`${CLOCK}/advance`, { method: 'POST', body });
      return `Advanced ${label}; sandbox time is now ${toDate(answer.now).toISOString()}.`;
    });

  const toTrialEnd = () =>
    act(async () => {
      const details = await getSubscriptionDetails(companyId.trim());
      if (!details?.trialEnd || details.status !== 'trialing') throw new Error('That company is not in a trial.');
      if (clock.status !== 'ready') throw new Error('The sandbox time is not known yet.');
      // A minute past the end, so the trial has ended whatever the rounding.
      const seconds = Math.max(1, Math.ceil((new Date(details.trialEnd).getTime() - clock.now.getTime()) / 1000) + 60);
      const answer = await authedFetch<ClockAnswer>(`${CLOCK}/advance`, { method: 'POST', body: { seconds } });
      return `Advanced to the end of the trial; sandbox time is now ${toDate(answer.now).toISOString()}.`;
    });

  const failNext = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await authedFetch(`${CLOCK}/fail-next-payment`, { method: 'POST', body: { companyId: companyId.trim() } });
      return `The next payment of ${companyId.trim()} will be declined.`;
    });
  };

  if (clock.status === 'absent' || clock.status === 'loading') return null;
  return (
    <div className="adm-section" data-testid="sandbox-clock">
      <h2>Sandbox billing clock</h2>
      {clock.status === 'failed' ? (
        <p role="alert" className="adm-error" data-testid="sandbox-clock-error">
          {clock.message}
        </p>
      ) : (
        <p>
          Sandbox time: <strong data-testid="sandbox-clock-now">{clock.now.toISOString()}</strong>
        </p>
      )}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {[1, 7, 30].map((days) => (
          <Button
            key={days}
            variant="ghost"
            disabled={busy}
            onClick={() => void advance({ days }, `${days} day${days > 1 ? 's' : ''}`)}
            data-testid={`sandbox-advance-${days}`}
          >
            Advance {days} day{days > 1 ? 's' : ''}
          </Button>
        ))}
      </div>
      <form
        onSubmit={failNext}
        style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginTop: 12 }}
      >
        <label>
          Company id{' '}
          <input
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
            placeholder="00000000-0000-0000-0000-000000000000"
            style={{ padding: 8, minWidth: 320 }}
            data-testid="sandbox-company-id"
          />
        </label>
        <Button type="submit" variant="ghost" disabled={busy || !companyId.trim()} data-testid="sandbox-fail-next">
          Fail next payment
        </Button>
        <Button
          variant="ghost"
          disabled={busy || !companyId.trim() || clock.status !== 'ready'}
          onClick={() => void toTrialEnd()}
          data-testid="sandbox-advance-trial"
        >
          Advance to end of trial
        </Button>
      </form>
      <p className="adm-muted">Advance to end of trial reads the trial of a company you are a member of.</p>
      <div aria-live="polite">
        {error ? (
          <p role="alert" className="adm-error" data-testid="sandbox-clock-action-error">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p className="adm-ok" data-testid="sandbox-clock-notice">
            {notice}
          </p>
        ) : null}
      </div>
    </div>
  );
}
