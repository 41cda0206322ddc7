import { useCompany } from '../../company-layout/context';
import { ApiErrorMessage } from '../../components/api-error';
import { useEventDerived } from '../pages/events/use-event-derived';
import { getEventCode } from './codegen-api';
import { DestinationSelect } from './destination-select';
import { DownloadCodeButton } from './download-code-button';
import { eventSnippet } from './event-snippet';
import { useDestination } from './use-destination';

/** The event's typed tracking function as generated from the saved plan, for the chosen destination. */
export function EventCodePanel({ eventId, revision }: { eventId: string; revision: number }) {
  const { companyId, info } = useCompany();
  const [destination, setDestination] = useDestination();
  const { data, error } = useEventDerived(
    (signal) => getEventCode(companyId, eventId, destination, signal),
    [companyId, destination, revision, info.company.settings.attributeInheritance],
  );
  const snippet = data ? eventSnippet(data, eventId) : null;

  return (
    <section className="tp-section" aria-labelledby="code-title" data-testid="event-code">
      <div className="co-actions" style={{ justifyContent: 'space-between' }}>
        <h2 id="code-title" style={{ margin: 0 }}>
          Typed code
        </h2>
        <span className="co-actions">
          <DestinationSelect value={destination} onChange={setDestination} />
          <DownloadCodeButton destination={destination} />
        </span>
      </div>
      <ApiErrorMessage error={error} testId="code-error" />
      {data && !snippet ? (
        <p className="tp-hint" data-testid="code-none">
          This event has no generated code: archived events are left out.
        </p>
      ) : null}
      {snippet ? (
        <>
          <pre className="tp-pre" tabIndex={0} aria-label="Typed code of this event" data-testid="code-text">
            {`${snippet.importLine}\n\n${snippet.code}`}
          </pre>
          {snippet.viaViews.length > 0 ? (
            <>
              <p className="tp-hint">Through a view, which sends the view’s attributes for you:</p>
              <pre className="tp-pre" tabIndex={0} aria-label="View helpers for this event" data-testid="code-views">
                {snippet.viaViews.join('\n')}
              </pre>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
