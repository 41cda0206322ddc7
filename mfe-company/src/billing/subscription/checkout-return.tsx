import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isNonTrial, type SubscriptionDetails } from '@tracemap/shell-core/subscription';

/** How long to wait for the provider's confirmation to reach the subscription after a checkout. */
const CONFIRM_DEADLINE_MS = 30_000;
const CONFIRM_INTERVAL_MS = 1_000;

type Phase = 'idle' | 'waiting' | 'done' | 'late' | 'canceled';

/**
 * The provider's checkout page sends the browser back here with `?checkout=success` or
 * `?checkout=canceled`. The provider confirms the payment to the subscription service on its
 * own channel, which can arrive a moment after the browser does, so after a success the
 * details are read again until they show the paid subscription, for a bounded time.
 */
export function CheckoutReturn({
  subscription,
  reload,
}: {
  subscription: SubscriptionDetails | null;
  reload: () => Promise<SubscriptionDetails | null | undefined>;
}) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  const [phase, setPhase] = useState<Phase>(
    outcome === 'success' ? 'waiting' : outcome === 'canceled' ? 'canceled' : 'idle',
  );
  const paid = isNonTrial(subscription?.status);

  useEffect(() => {
    if (phase !== 'waiting') return;
    if (paid) {
      setPhase('done');
      return;
    }
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const value = await reload();
      if (stopped) return;
      if (isNonTrial(value?.status)) setPhase('done');
      else if (Date.now() - started >= CONFIRM_DEADLINE_MS) setPhase('late');
      else timer = setTimeout(() => void check(), CONFIRM_INTERVAL_MS);
    };
    timer = setTimeout(() => void check(), CONFIRM_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, paid, reload]);

  // Once the outcome is shown, a reload of the page should not show it again.
  useEffect(() => {
    if (phase === 'done' || phase === 'canceled' || phase === 'late') {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('checkout');
          next.delete('session_id');
          return next;
        },
        { replace: true },
      );
    }
  }, [phase, setParams]);

  if (phase === 'waiting') {
    return (
      <p className="co-muted" role="status" aria-busy="true" data-testid="checkout-waiting">
        Payment received. Activating the subscription…
      </p>
    );
  }
  if (phase === 'done') {
    return (
      <p className="co-ok" role="status" data-testid="checkout-done">
        Thank you! The subscription is active.
      </p>
    );
  }
  if (phase === 'late') {
    return (
      <p className="co-muted" role="status" data-testid="checkout-late">
        The payment went through, but the subscription has not been updated yet. Reload this page in a minute.
      </p>
    );
  }
  if (phase === 'canceled') {
    return (
      <p className="co-muted" role="status" data-testid="checkout-canceled">
        Checkout was canceled. Nothing was charged and nothing changed.
      </p>
    );
  }
  return null;
}
