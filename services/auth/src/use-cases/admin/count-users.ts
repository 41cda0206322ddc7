import type { AuthDeps } from '../../lib/deps';

const DAYS = 14;

/** Totals for the admin overview, and sign-ups per day over two weeks (oldest first) for its chart. */
export async function countUsers(deps: AuthDeps) {
  const { rows } = await deps.db.query<{ total: number; confirmed: number; week: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE email_confirmed_at IS NOT NULL)::int AS confirmed,
            count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS week
       FROM auth.users`,
  );
  const perDay = await deps.db.query<{ d: number; n: number }>(
    `SELECT (current_date - created_at::date) AS d, count(*)::int AS n
       FROM auth.users WHERE created_at::date > current_date - $1::int GROUP BY 1`,
    [DAYS],
  );
  const daily = Array.from({ length: DAYS }, () => 0);
  for (const r of perDay.rows) if (r.d >= 0 && r.d < DAYS) daily[DAYS - 1 - r.d] = r.n;
  return { total: rows[0].total, confirmed: rows[0].confirmed, newThisWeek: rows[0].week, dailySignups: daily };
}
