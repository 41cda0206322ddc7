import type pg from 'pg';
import type { ProfileEvent, ProfileTransition } from '@tracemap/discovery';

/** Planned events the last judgement saw matched by observed traffic. */
export async function matchedPlanEventIds(db: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT plan_event_id AS id FROM insights.observed_events
      WHERE match = 'matched' AND volume > 0 AND plan_event_id IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function observedViewEvents(db: pg.ClientBase): Promise<ProfileEvent[]> {
  const { rows } = await db.query<{ data: ProfileEvent }>(
    `SELECT data FROM insights.profile_events WHERE kind IN ('page', 'screen')`,
  );
  return rows.map((r) => r.data);
}

/** Moves between two views (a session's first view, with no `from`, is left out). */
export async function observedTransitions(db: pg.ClientBase): Promise<ProfileTransition[]> {
  const { rows } = await db.query<{ data: ProfileTransition }>(
    `SELECT data FROM insights.profile_transitions WHERE from_view <> ''`,
  );
  return rows.map((r) => r.data);
}
