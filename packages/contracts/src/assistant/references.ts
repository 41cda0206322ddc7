import { Type, type Static } from '@sinclair/typebox';
import { strictObject } from '../primitives';
import { literals } from '../tracking-plan/model';

/**
 * What an answer may cite, written `[[kind:id]]` in its text. Each kind links
 * to a page of its own (an event, an attribute, a view, a map, a finding, or a
 * stored query result shown as a table).
 */
export const REFERENCE_KINDS = ['event', 'attribute', 'view', 'map', 'finding', 'query'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
export const ReferenceKindSchema = literals(REFERENCE_KINDS);

export const ChatReferenceSchema = Type.Object(
  { kind: ReferenceKindSchema, id: Type.String({ minLength: 1, maxLength: 100 }) },
  strictObject,
);
export type ChatReference = Static<typeof ChatReferenceSchema>;
