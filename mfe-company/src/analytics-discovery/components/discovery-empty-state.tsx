import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../../components/api-error';

export const DISCOVERY_CONCEPT =
  'Discovery reads what your apps really send — uploaded exports, a collector URL or GA4 and Amplitude pulls — and keeps only aggregates, never raw events or personal values. It compares that traffic with your tracking plan and lists what differs, filed on the layer where one fix clears it.';

/** Nothing observed yet: what discovery is, and example traffic in one click. */
export function DiscoveryEmptyState({
  canStart,
  planIsEmpty,
  busy,
  error,
  onTryExample,
  onUpload,
}: {
  canStart: boolean;
  planIsEmpty: boolean;
  busy: boolean;
  error: unknown;
  onTryExample: () => void;
  onUpload: () => void;
}) {
  return (
    <div className="co-card tp-empty" data-testid="discovery-empty">
      <h2>Nothing observed yet</h2>
      <p>{DISCOVERY_CONCEPT}</p>
      {canStart ? (
        <>
          <div className="co-actions">
            <Button onClick={onTryExample} disabled={busy} data-testid="try-example-traffic">
              {busy ? 'Starting…' : 'Try example traffic'}
            </Button>
            <Button variant="ghost" onClick={onUpload} data-testid="empty-upload">
              Upload a file
            </Button>
          </div>
          <p className="co-muted" data-testid="example-plan-note">
            The example traffic is made for the sample e-commerce plan
            {planIsEmpty
              ? ': your plan is empty, so most of it will show up as unplanned events. Load the sample from the Events page ("Start from an example") first to see the other findings.'
              : '; against another plan much of it will show up as unplanned events.'}
          </p>
        </>
      ) : (
        <p className="co-muted">Creators, admins and owners can send traffic to discovery.</p>
      )}
      <ApiErrorMessage error={error} testId="example-traffic-error" />
    </div>
  );
}
