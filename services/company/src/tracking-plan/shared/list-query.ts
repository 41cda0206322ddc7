import { AppError, type Queryable } from '@tracemap/service-kit';
import { PAGE_LIMIT_DEFAULT, type ListSort, type PageOf } from '@tracemap/contracts';
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

const SORT_COLUMNS: Record<string, string> = { name: 'lower(%.name)', updatedAt: '%.updated_at', createdAt: '%.created_at' };
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

/**
 * One page of a plan list in a single statement: the total of everything the
 * filters match, and the page itself by keyset (sort value, id), so page N
 * costs what page 1 costs. Link arrays are computed for the page rows only.
 */
export async function listPage<T extends { id: string }>(
  db: Queryable,
  companyId: string,
  spec: ListSpec,
  filters: ListFilters,
  toItem: (row: Record<string, unknown>) => T,
): Promise<PageOf<T>> {
  const a = spec.alias;
  const params: unknown[] = [companyId];
  const where = [`${a}.company_id = $1`];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.status) where.push(`${a}.status = ${param(filters.status)}`);
  else if (!filters.includeArchived) where.push(`${a}.status <> 'archived'`);
  if (filters.tag) where.push(`${param(filters.tag)} = ANY(${a}.tags)`);
  if (filters.search && filters.search.trim() !== '') where.push(`${a}.search_text LIKE ${param(containsPattern(filters.search.trim()))}`);
  for (const [column, value] of Object.entries(spec.equals ?? {})) {
    if (value !== undefined) where.push(`${a}.${column} = ${param(value)}`);
  }
  const filterSql = where.join(' AND ');

  const sortField = (filters.sort ?? 'name').replace(/^-/, '');
  const descending = (filters.sort ?? 'name').startsWith('-');
  const sortExpr = SORT_COLUMNS[sortField].replace('%', a);
  const direction = descending ? 'DESC' : 'ASC';
  const pageWhere = [filterSql];
  if (filters.cursor) {
    const cursor = decodeCursor(filters.cursor, filters.sort ?? 'name');
    const op = descending ? '<' : '>';
    pageWhere.push(`(${sortExpr}, ${a}.id) ${op} (${param(cursor.value)}::${SORT_CASTS[sortField]}, ${param(cursor.id)}::uuid)`);
  }
  const limit = filters.limit ?? PAGE_LIMIT_DEFAULT;
  const { rows } = await db.query(
    `SELECT c.total, p.*${spec.pageColumns ? `, ${spec.pageColumns}` : ''}
       FROM (SELECT count(*)::int AS total FROM ${spec.table} ${a} WHERE ${filterSql}) c
       LEFT JOIN LATERAL (
         SELECT ${spec.columns}, ${sortExpr} AS sort_value, (${sortExpr})::text AS sort_text
           FROM ${spec.table} ${a}
          WHERE ${pageWhere.join(' AND ')}
          ORDER BY ${sortExpr} ${direction}, ${a}.id ${direction}
          LIMIT ${limit + 1}
       ) p ON true
      ORDER BY p.sort_value ${direction}, p.id ${direction}`,
    params,
  );
  const total = (rows[0]?.total as number | undefined) ?? 0;
  const found = rows.filter((row) => row.id !== null);
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    found.length > limit && last ? encodeCursor({ sort: filters.sort ?? 'name', value: String(last.sort_text), id: String(last.id) }) : null;
  return { items: items.map(toItem), nextCursor, total };
}

/** What list search matches: name, display name, description and tags, lower-cased. */
export function searchText(entity: { name: string; displayName?: string; description?: string; tags?: readonly string[] }): string {
  return [entity.name, entity.displayName ?? '', entity.description ?? '', ...(entity.tags ?? [])].join('\n').toLowerCase();
}

export const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
