import { useState } from 'react';
import { Button } from '@tracemap/ui';
import type { MarkLiveAnswer, ObservedEventItem } from '@tracemap/contracts';
import { authedFetch } from '@tracemap/shell-core';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { discoveryPath } from '../api/discovery-api';
import { discoveryPermissions } from '../logic/discovery-roles';

/** For editors: a planned event seen in production can be marked live in the plan. */
export function MarkLiveButton({ event }: { event: ObservedEventItem }) {
  const { companyId, info } = useCompany();
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: unknown }>({
    busy: false,
    done: false,
    error: null,
  });
  if (!discoveryPermissions(info.role).triage || event.match !== 'matched' || !event.planEventId) return null;
  const eventId = event.planEventId;

  async function markLive() {
    setState({ busy: true, done: false, error: null });
    try {
      await authedFetch<MarkLiveAnswer>(discoveryPath(companyId, `events/${encodeURIComponent(eventId)}/mark-live`), {
        method: 'POST',
      });
      setState({ busy: false, done: true, error: null });
    } catch (error) {
      setState({ busy: false, done: false, error });
    }
  }

  return (
    <p>
      {state.done ? (
        <span className="co-ok" data-testid="event-marked-live">
          Marked live in the plan.
        </span>
      ) : (
        <Button
          variant="ghost"
          className="ad-small"
          disabled={state.busy}
          onClick={() => void markLive()}
          data-testid="event-mark-live"
        >
          Mark live
        </Button>
      )}
      <ApiErrorMessage error={state.error} testId="event-mark-live-error" />
    </p>
  );
}
