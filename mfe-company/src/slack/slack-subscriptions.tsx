import { useEffect, useState } from 'react';
import { NOTIFICATION_KINDS, type NotificationKind, type SlackSubscription } from '@tracemap/contracts';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { listSlackSubscriptions, updateSlackSubscription } from './slack-api';

const KIND_LABELS: Record<NotificationKind, string> = {
  plan_changed: 'Plan changes',
  import_finished: 'Imports',
  map_shared: 'Map shares',
  member_changed: 'Member changes',
  proposal_changed: 'Proposals',
  review_requested: 'Review requests',
  finding_new: 'New findings',
  findings_digest: 'Findings digest',
  integration_failed: 'Integration problems',
  test_message: 'Test messages',
};
const CHOOSABLE = NOTIFICATION_KINDS.filter((k) => k !== 'test_message');

/** A connected company's channels and what each gets; admins change the kinds (saving resumes a paused one). */
export function SlackSubscriptions({
  companyId,
  editable,
  version,
  onSaved,
}: {
  companyId: string;
  editable: boolean;
  /** Changes when the status was read again, so the list follows it. */
  version: unknown;
  onSaved: () => void;
}) {
  const [items, setItems] = useState<SlackSubscription[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const abort = new AbortController();
    listSlackSubscriptions(companyId, abort.signal).then(
      (list) => setItems(list.items),
      (failure: unknown) => !abort.signal.aborted && setError(failure),
    );
    return () => abort.abort();
  }, [companyId, version]);

  const toggle = (id: string, kind: NotificationKind) =>
    setItems((current) =>
      (current ?? []).map((s) =>
        s.id !== id
          ? s
          : { ...s, kinds: s.kinds.includes(kind) ? s.kinds.filter((k) => k !== kind) : [...s.kinds, kind] },
      ),
    );
  const save = (subscription: SlackSubscription) => {
    setError(null);
    updateSlackSubscription(companyId, subscription.id, { kinds: subscription.kinds }).then(onSaved, setError);
  };

  return (
    <div data-testid="slack-subscriptions">
      {(items ?? []).map((subscription) => (
        <fieldset key={subscription.id} data-testid="slack-subscription" data-channel={subscription.channelName}>
          <legend>
            #{subscription.channelName}
            {subscription.pausedReason ? ' (paused)' : ''}
          </legend>
          {CHOOSABLE.map((kind) => (
            <label key={kind} style={{ marginRight: 12 }}>
              <input
                type="checkbox"
                checked={subscription.kinds.includes(kind)}
                disabled={!editable}
                onChange={() => toggle(subscription.id, kind)}
              />{' '}
              {KIND_LABELS[kind]}
            </label>
          ))}
          {editable ? (
            <Button onClick={() => save(subscription)} disabled={subscription.kinds.length === 0}>
              {subscription.pausedReason ? 'Save and resume' : 'Save'}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <ApiErrorMessage error={error} testId="slack-subscriptions-error" />
    </div>
  );
}
