import { AppError, type Queryable } from '@tracemap/service-kit';
import { validationProblems } from '@tracemap/tracking-plan';
import type { AttributeLink, AttributeType, ItemType, ViewEventLink } from '@tracemap/contracts';
import { findAttributesByIds } from '../attributes/attribute-repository';
import { assertLinkTargets } from './link-repository';

/**
 * Links name this company's entities, each once, and an override is a
 * well-formed validation for its attribute's type (whether it narrows is a
 * lint rule with a company-set severity). 400 naming the problem otherwise.
 */
export async function checkLinks(
  db: Queryable,
  companyId: string,
  links: { attributes?: readonly AttributeLink[]; events?: readonly ViewEventLink[] },
): Promise<void> {
  const attributeIds = (links.attributes ?? []).map((l) => l.attributeId);
  await assertLinkTargets(db, companyId, { attributeIds, eventIds: (links.events ?? []).map((l) => l.eventId) });
  const overridden = (links.attributes ?? []).filter((l) => l.validationOverride);
  if (overridden.length === 0) return;
  const attributes = new Map(
    (
      await findAttributesByIds(
        db,
        companyId,
        overridden.map((l) => l.attributeId),
      )
    ).map((a) => [a.id, a]),
  );
  for (const link of overridden) {
    const attribute = attributes.get(link.attributeId)!;
    const problems = validationProblems(
      link.validationOverride!,
      attribute.type as AttributeType,
      attribute.itemType as ItemType | null,
    );
    if (problems.length > 0) {
      throw new AppError(
        400,
        'validation_failed',
        `attributes: the override of "${attribute.name}" is not valid: ${problems[0]}`,
      );
    }
  }
}
