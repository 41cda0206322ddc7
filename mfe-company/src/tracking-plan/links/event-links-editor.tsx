import { Link } from 'react-router';
import { Button } from '@tracemap/ui';
import type { PlanEvent, ViewEventLink } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { useEditable } from '../editor/editable';
import { planPath } from '../plan-kinds';
import { EntityPicker } from './entity-picker';
import { useEntityLookup } from './use-entity-lookup';

interface EventLinksEditorProps {
  links: ViewEventLink[];
  onChange: (links: ViewEventLink[]) => void;
}

/** The events that fire on a view, each with when it fires ("on click of Buy"). */
export function EventLinksEditor({ links, onChange }: EventLinksEditorProps) {
  const { companyId } = useCompany();
  const editable = useEditable();
  const { found, remember } = useEntityLookup(
    'event',
    companyId,
    links.map((l) => l.eventId),
  );

  const setTrigger = (id: string, trigger: string) =>
    onChange(links.map((l) => (l.eventId === id ? { ...l, trigger } : l)));
  const add = (event: PlanEvent) => {
    remember(event);
    onChange([...links, { eventId: event.id, trigger: '' }]);
  };

  return (
    <div data-testid="event-links">
      {links.length === 0 ? <p className="co-muted">No events fire on this view yet.</p> : null}
      {links.length > 0 ? (
        <table className="tp-links">
          <thead>
            <tr>
              <th>Event</th>
              <th>Fires when</th>
              {editable ? (
                <th>
                  <span className="co-sr-only">Remove</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {links.map((link) => {
              const event = found[link.eventId];
              const name = event === 'missing' ? 'Unavailable event' : (event?.name ?? '…');
              return (
                <tr key={link.eventId} data-testid="event-link" data-event-id={link.eventId}>
                  <td>
                    {event && event !== 'missing' ? (
                      <Link to={planPath(companyId, 'event', link.eventId)}>{name}</Link>
                    ) : (
                      name
                    )}
                  </td>
                  <td>
                    {editable ? (
                      <input
                        aria-label={`When ${name} fires`}
                        value={link.trigger ?? ''}
                        maxLength={1000}
                        placeholder="e.g. on click of Buy"
                        onChange={(e) => setTrigger(link.eventId, e.target.value)}
                      />
                    ) : (
                      link.trigger || <span className="co-muted">—</span>
                    )}
                  </td>
                  {editable ? (
                    <td>
                      <Button
                        variant="ghost"
                        className="tp-small-btn"
                        aria-label={`Remove ${name}`}
                        onClick={() => onChange(links.filter((l) => l.eventId !== link.eventId))}
                      >
                        Remove
                      </Button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {editable ? (
        <EntityPicker
          kind="event"
          label="Add event"
          excludeIds={links.map((l) => l.eventId)}
          describe={(e) => `${e.kind}${e.category ? ` · ${e.category}` : ''}`}
          onPick={add}
          testId="event-links-picker"
        />
      ) : null}
    </div>
  );
}
