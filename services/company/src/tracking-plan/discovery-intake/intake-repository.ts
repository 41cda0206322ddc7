import type { Queryable } from '@tracemap/service-kit';
import type { Attribute } from '@tracemap/contracts';
import { ATTRIBUTE_COLUMNS, toAttribute } from '../attributes/attribute-repository';

/**
 * The company's attributes (not archived) whose folded names are among `names` in one scope,
 * by folded name: discovery reuses these instead of creating a second one of the same name.
 */
export async function attributesByFoldedName(
  db: Queryable,
  companyId: string,
  scope: string,
  foldedNames: readonly string[],
): Promise<Map<string, Attribute>> {
  if (foldedNames.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT ${ATTRIBUTE_COLUMNS}, company.fold_name(a.name) AS folded FROM company.plan_attributes a
      WHERE a.company_id = $1 AND a.scope = $2 AND a.status <> 'archived' AND company.fold_name(a.name) = ANY($3::text[])`,
    [companyId, scope, foldedNames],
  );
  return new Map(rows.map((row) => [row.folded as string, toAttribute(row)]));
}
