import { Type, type Static } from '@sinclair/typebox';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { EntityId, literals } from '../tracking-plan/model';
import { ProposeChangeInput } from './action-tools';

// Applying a change the assistant drafted (`propose_change`): an editor's click
// puts it into the assistant's draft proposal, never into the live plan.

/** The plan item a draft created, changed or archived. */
export const DraftedItem = Type.Object(
  { kind: literals(['event', 'attribute', 'view'] as const), id: EntityId, name: Type.String() },
  strictObject,
);
export type DraftedItem = Static<typeof DraftedItem>;

/** The proposal a draft went into: the assistant's open draft, or one opened for it (`created`). */
export const DraftProposal = Type.Object(
  { id: UuidSchema, name: Type.String(), created: Type.Boolean() },
  strictObject,
);
export type DraftProposal = Static<typeof DraftProposal>;

// ——— Company side: the internal intake route ———

/**
 * `POST /internal/companies/{companyId}/assistant-intake` (service token): `userId` is the editor
 * who clicked; the company service checks their role again and writes through its own use cases.
 */
export const AssistantIntakeBody = Type.Object({ userId: UuidSchema, draft: ProposeChangeInput }, strictObject);
export type AssistantIntakeBody = Static<typeof AssistantIntakeBody>;

export const AssistantIntakeAnswer = Type.Object({ proposal: DraftProposal, item: DraftedItem }, strictObject);
export type AssistantIntakeAnswer = Static<typeof AssistantIntakeAnswer>;

// ——— Insights side: the chat route ———

export const ChatDraftParams = Type.Object(
  { companyId: UuidSchema, threadId: UuidSchema, toolCallId: UuidSchema },
  strictObject,
);

/**
 * What applying a drafted change did, kept on its tool call: applying it again answers this
 * same record and changes nothing.
 */
export const AppliedDraft = Type.Object(
  { proposal: DraftProposal, item: DraftedItem, appliedAt: TimestampSchema },
  strictObject,
);
export type AppliedDraft = Static<typeof AppliedDraft>;
