import { AppError } from '@tracemap/service-kit';
import { validationProblems } from '@tracemap/tracking-plan';
import {
  withoutNulls,
  type Attribute,
  type AttributeType,
  type CreateAttributeInput,
  type ItemType,
  type UpdateAttributeInput,
} from '@tracemap/contracts';
import type { AttributeFields } from './attribute-repository';

/** What an attribute is when the request leaves a field out. */
export function newAttributeFields(input: CreateAttributeInput): AttributeFields {
  return checkedAttribute({
    name: input.name,
    displayName: input.displayName ?? '',
    description: input.description ?? '',
    scope: input.scope ?? 'event',
    type: input.type ?? 'string',
    itemType: input.itemType ?? null,
    validation: input.validation ?? { kind: 'none' },
    origin: input.origin ?? '',
    exposed: input.exposed ?? true,
    nullable: input.nullable ?? false,
    pii: input.pii ?? false,
    tags: input.tags ?? [],
    status: input.status ?? 'planned',
    owners: input.owners ?? [],
  });
}

export function changedAttributeFields(current: Attribute, input: UpdateAttributeInput): AttributeFields {
  const { id: _id, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = current;
  // A field sent as null is not changed, except the item type, where null means "none".
  const { itemType, ...changes } = input;
  const merged = { ...fields, ...withoutNulls(changes), ...(itemType !== undefined ? { itemType } : {}) };
  // Leaving arrays drops the item type with them.
  if (changes.type != null && changes.type !== 'array' && itemType === undefined) merged.itemType = null;
  return checkedAttribute(merged);
}

/** Shape rules the schema cannot express: 400 with the first problem, and nothing is stored. */
function checkedAttribute(fields: AttributeFields): AttributeFields {
  if (fields.itemType !== null && fields.type !== 'array') {
    throw new AppError(
      400,
      'validation_failed',
      'itemType applies to arrays only; leave it out or set type to "array".',
    );
  }
  const problems = validationProblems(
    fields.validation,
    fields.type as AttributeType,
    fields.itemType as ItemType | null,
  );
  if (problems.length > 0) throw new AppError(400, 'validation_failed', `validation: ${problems[0]}`);
  return { ...fields, name: fields.name.trim() };
}
