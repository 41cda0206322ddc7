import { AppError } from '@tracemap/service-kit';
import { PAGE_LIMIT_DEFAULT, type ListSort, type PageOf } from '@tracemap/contracts';
import type { ListTotals } from './list-totals';
import { PLAN_MESSAGES } from './plan-errors';

/** The filters every plan list understands; each table adds its own equality filters. */
export interface ListFilters {
  search?: string;
  status?: string;
  tag?: string;
  includeArchived?: boolean;
  sort?: ListSort;
  cursor?: string;
  limit?: number;
}

export interface ListSpec {
  table: string;
  alias: string;
  /** The select list of one item, in the table's alias. */
  columns: string;
  /** Extra per-item columns computed for the page only (link arrays), in the alias `p`. */
  pageColumns?: string;
  /** Equality filters: column → value (skipped when undefined). */
  equals?: Record<string, string | boolean | undefined>;
}

const SORT_COLUMNS: Record<string, string> = {
  name: 'lower(%.name)',
  updatedAt: '%.updated_at',
  createdAt: '%.created_at',
};
const SORT_CASTS: Record<string, string> = { name: 'text', updatedAt: 'timestamptz', createdAt: 'timestamptz' };

interface Cursor {
  sort: string;
  value: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(text: string, sort: string): Cursor {
  try {
    const [s, value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (s === sort && typeof value === 'string' && typeof id === 'string' && uuid.test(id)) return { sort, value, id };
  } catch {
    // falls through to the same answer as a well-formed cursor of another list
  }
  throw new AppError(400, 'invalid_cursor', PLAN_MESSAGES.invalidCursor);
}

/** `%text%` for LIKE, with the user's own wildcards taken literally. */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The plan lists company.plan_search_ids can search, by table. */
const SEARCH_LISTS: Record<string, string> = {
  'company.plan_attributes': 'attributes',
  'company.plan_events': 'events',
  'company.plan_views': 'views',
  'company.maps': 'maps',
};

function searchListOf(table: string): string {
  const list = SEARCH_LISTS[table];
  if (!list) throw new Error(`${table} has no search`);
  return list;
}

/** Runs one read statement under the tenant; values are text (inlined, escaped, by the tenant's single-message read). */
export type ReadRunner = (text: string, values: string[]) => Promise<Array<Record<string, unknown>>>;

/**
 * One page of a plan list in a single statement: the total of everything the
 * filters match, and the page itself by keyset (sort value, id), so page N
 * costs what page 1 costs. Link arrays are computed for the page rows only.
 */
export async function listPage<T extends { id: string }>(
  read: ReadRunner,
  companyId: string,
  spec: ListSpec,
  filters: ListFilters,
  toItem: (row: Record<string, unknown>) => T,
  totals?: ListTotals,
): Promise<PageOf<T>> {
  const a = spec.alias;
  const params: string[] = [companyId];
  const where = [`${a}.company_id = $1`];
  const param = (value: string | boolean) => {
    params.push(String(value));
    return `$${params.length}`;
  };
  if (filters.status) where.push(`${a}.status = ${param(filters.status)}`);
  else if (!filters.includeArchived) where.push(`${a}.status <> 'archived'`);
  if (filters.tag) where.push(`${param(filters.tag)} = ANY(${a}.tags)`);
  const searching = Boolean(filters.search && filters.search.trim() !== '');
  if (searching)
    where.push(
      `${a}.id IN (SELECT company.plan_search_ids(${param(searchListOf(spec.table))}, ${param(containsPattern(filters.search!.trim()))}))`,
    );
  for (const [column, value] of Object.entries(spec.equals ?? {})) {
    if (value !== undefined) where.push(`${a}.${column} = ${param(value)}`);
  }
  const filterSql = where.join(' AND ');
  const totalKey = totals?.key(companyId, JSON.stringify([spec.table, filterSql, params]));
  const knownTotal = totalKey ? totals!.get(totalKey) : undefined;

  const sortField = (filters.sort ?? 'name').replace(/^-/, '');
  const descending = (filters.sort ?? 'name').startsWith('-');
  const sortExpr = SORT_COLUMNS[sortField].replace('%', a);
  const direction = descending ? 'DESC' : 'ASC';
  let cursorSql = (_value: string, _id: string) => 'true';
  if (filters.cursor) {
    const cursor = decodeCursor(filters.cursor, filters.sort ?? 'name');
    const op = descending ? '<' : '>';
    const value = `${param(cursor.value)}::${SORT_CASTS[sortField]}`;
    const id = `${param(cursor.id)}::uuid`;
    cursorSql = (sortValue, rowId) => `(${sortValue}, ${rowId}) ${op} (${value}, ${id})`;
  }
  const limit = filters.limit ?? PAGE_LIMIT_DEFAULT;
  const extra = spec.pageColumns ? `, ${spec.pageColumns}` : '';
  // A search finds its ids through the trigram index (company.plan_search_ids:
  // row security would keep LIKE, which is not leakproof, out of index scans
  // here), then counts and pages the matches in one pass and reads only the
  // page's rows in full. Without a search, the count and the page each take
  // an index.
  const statement = searching
    ? `WITH matching AS MATERIALIZED (
         SELECT ${a}.id, ${sortExpr} AS sort_value FROM ${spec.table} ${a} WHERE ${filterSql}
       )
       SELECT c.total, p.*${extra}
         FROM (SELECT count(*)::int AS total FROM matching) c
         LEFT JOIN LATERAL (
           SELECT ${spec.columns}, m.sort_value, (m.sort_value)::text AS sort_text
             FROM (SELECT * FROM matching m
                    WHERE ${cursorSql('m.sort_value', 'm.id')}
                    ORDER BY m.sort_value ${direction}, m.id ${direction}
                    LIMIT ${limit + 1}) m
             JOIN ${spec.table} ${a} ON ${a}.company_id = $1 AND ${a}.id = m.id
         ) p ON true
        ORDER BY p.sort_value ${direction}, p.id ${direction}`
    : `SELECT c.total, p.*${extra}
         FROM (SELECT ${knownTotal !== undefined ? `${param(String(knownTotal))}::int AS total` : `count(*)::int AS total FROM ${spec.table} ${a} WHERE ${filterSql}`}) c
         LEFT JOIN LATERAL (
           SELECT ${spec.columns}, ${sortExpr} AS sort_value, (${sortExpr})::text AS sort_text
             FROM ${spec.table} ${a}
            WHERE ${filterSql} AND ${cursorSql(sortExpr, `${a}.id`)}
            ORDER BY ${sortExpr} ${direction}, ${a}.id ${direction}
            LIMIT ${limit + 1}
         ) p ON true
        ORDER BY p.sort_value ${direction}, p.id ${direction}`;
  // The page travels as one json value: the driver then parses it natively in
  // one piece instead of building a row object (and parsing text arrays) per
  // row, which was most of a list's time and garbage in the service.
  const [packed] = await read(
    `SELECT coalesce(json_agg(r ORDER BY r.sort_value ${direction}, r.id ${direction}), '[]'::json) AS page FROM (${statement}) r`,
    params,
  );
  const rows = (packed?.page ?? []) as Array<Record<string, unknown>>;
  const total = (rows[0]?.total as number | undefined) ?? 0;
  // A search counts in the same pass that finds its page; only plain lists keep their totals.
  if (totalKey && !searching && knownTotal === undefined) totals!.set(totalKey, total);
  const found = rows.filter((row) => row.id !== null);
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    found.length > limit && last
      ? encodeCursor({ sort: filters.sort ?? 'name', value: String(last.sort_text), id: String(last.id) })
      : null;
  return { items: items.map(toItem), nextCursor, total };
}

/** What list search matches: name, display name, description and tags, lower-cased. */
export function searchText(entity: {
  name: string;
  displayName?: string;
  description?: string;
  tags?: readonly string[];
}): string {
  return [entity.name, entity.displayName ?? '', entity.description ?? '', ...(entity.tags ?? [])]
    .join('\n')
    .toLowerCase();
}

const UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Timestamps as ISO 8601 in UTC; the repositories already select them in that form, which passes through. */
export const iso = (value: unknown): string =>
  typeof value === 'string' && UTC_MILLIS.test(value)
    ? value
    : value instanceof Date
      ? value.toISOString()
      : new Date(String(value)).toISOString();
