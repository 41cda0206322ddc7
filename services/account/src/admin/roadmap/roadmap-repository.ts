import type { Queryable } from '@tracemap/service-kit';
import type { AdminRoadmapItem, PublicRoadmapItem, RoadmapItemChanges, RoadmapStatus } from '@tracemap/contracts';

interface Row {
  id: string;
  title: string;
  description: string;
  status: RoadmapStatus;
  position: number;
  published: boolean;
  updated_at: Date;
}

const toItem = (r: Row): AdminRoadmapItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  position: r.position,
  published: r.published,
  updatedAt: r.updated_at.toISOString(),
});

const ORDER = 'ORDER BY position, created_at, id';

export async function listItems(db: Queryable): Promise<AdminRoadmapItem[]> {
  const { rows } = await db.query<Row>(`SELECT * FROM account.roadmap_items ${ORDER}`);
  return rows.map(toItem);
}

export async function listPublished(db: Queryable): Promise<PublicRoadmapItem[]> {
  const { rows } = await db.query<Row>(
    `SELECT id, title, description, status, position FROM account.roadmap_items WHERE published ${ORDER}`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    position: r.position,
  }));
}

/** New items go last. */
export async function insertItem(
  db: Queryable,
  item: { title: string; description: string; status: RoadmapStatus; published: boolean },
) {
  const { rows } = await db.query<Row>(
    `INSERT INTO account.roadmap_items (title, description, status, published, position)
     VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position) + 1, 0) FROM account.roadmap_items))
     RETURNING *`,
    [item.title, item.description, item.status, item.published],
  );
  return toItem(rows[0]);
}

export async function updateItem(
  db: Queryable,
  id: string,
  changes: RoadmapItemChanges,
): Promise<AdminRoadmapItem | null> {
  const { rows } = await db.query<Row>(
    `UPDATE account.roadmap_items
        SET title = coalesce($2, title), description = coalesce($3, description), status = coalesce($4, status),
            published = coalesce($5, published), updated_at = now()
      WHERE id = $1 RETURNING *`,
    [id, changes.title ?? null, changes.description ?? null, changes.status ?? null, changes.published ?? null],
  );
  return rows[0] ? toItem(rows[0]) : null;
}

export async function deleteItem(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM account.roadmap_items WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

/** Positions follow the order of `ids`; answers how many of them exist. */
export async function setOrder(db: Queryable, ids: string[]): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE account.roadmap_items r SET position = o.ord - 1, updated_at = now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, ord)
      WHERE r.id = o.id`,
    [ids],
  );
  return rowCount ?? 0;
}
