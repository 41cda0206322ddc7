import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CreateDestinationBody, DestinationList } from '@tracemap/contracts';
import { hasAdminRights } from '@tracemap/shell-core/roles';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { createDestination, listDestinations, testNewDestination } from './destinations-api';
import { DestinationCard } from './destination-card';
import { DestinationForm } from './destination-form';
import { SyncSetPanel } from './sync-set-panel';

/**
 * /company/:companyId/settings/destinations: where the plan is pushed. Everyone in the company
 * sees each destination's status and history; owners and admins add, test, preview and push,
 * one destination or several ticked ones together.
 */
export function DestinationsPage() {
  const { companyId, info, reload } = useCompany();
  const admin = hasAdminRights(info.role);
  const [list, setList] = useState<DestinationList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);

  const refresh = useCallback(() => {
    listDestinations(companyId).then(
      (answer) => {
        setList(answer);
        setError(null);
        // A removed destination cannot stay ticked.
        setSelectedIds((ids) => ids.filter((id) => answer.destinations.some((d) => d.id === id)));
      },
      (failure: unknown) => setError(failure),
    );
  }, [companyId]);
  useEffect(refresh, [refresh]);

  const changed = () => {
    refresh();
    // A push that completes the set moves the company's lastSync, shown on the dashboard.
    void reload();
  };
  const create = async (body: CreateDestinationBody) => {
    const created = await createDestination(companyId, body);
    refresh();
    return created;
  };
  const select = (id: string, on: boolean) =>
    setSelectedIds((ids) => (on ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id)));

  return (
    <section className="tm-container co-page" data-testid="destinations-page">
      <p>
        <Link to={`/company/${companyId}/settings`}>← Company settings</Link>
      </p>
      <h1>Destinations</h1>
      <p className="co-muted">
        Where the tracking plan is pushed. Last sync of the whole plan:{' '}
        <strong data-testid="destinations-last-sync">
          {info.lastSync ? new Date(info.lastSync).toLocaleString() : 'never'}
        </strong>{' '}
        (it moves when every destination of a push took the plan).
      </p>
      {list?.localDestinations ? (
        <p className="co-card" data-testid="destinations-local-note">
          This server has no destination addresses configured: pushes go to a local stand-in of Segment, Amplitude,
          mParticle and RudderStack, so the whole flow can be tried without vendor accounts.
        </p>
      ) : null}
      <ApiErrorMessage error={error} />
      {list === null && !error ? <p className="co-muted">Loading destinations…</p> : null}
      {list?.destinations.length === 0 ? <p data-testid="destinations-empty">No destination yet.</p> : null}
      <ul className="co-list" style={{ display: 'grid', gap: 12 }}>
        {(list?.destinations ?? []).map((destination) => (
          <DestinationCard
            key={destination.id}
            companyId={companyId}
            destination={destination}
            admin={admin}
            local={list?.localDestinations ?? false}
            onChanged={changed}
            selected={selectedIds.includes(destination.id)}
            onSelect={(on) => select(destination.id, on)}
          />
        ))}
      </ul>
      {admin && list && list.destinations.length > 0 ? (
        <SyncSetPanel
          companyId={companyId}
          destinations={list.destinations}
          selectedIds={selectedIds}
          onChanged={changed}
        />
      ) : null}
      {admin ? (
        <DestinationForm
          local={list?.localDestinations ?? false}
          onSave={create}
          onTest={(body) => testNewDestination(companyId, body)}
        />
      ) : (
        <p className="co-muted" data-testid="destinations-admin-only">
          Only an owner or an admin of this company can add destinations and push.
        </p>
      )}
    </section>
  );
}
