import { Type, type Static } from '@sinclair/typebox';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';
import { AppliedDraft } from './draft-apply';
import { ChatReferenceSchema } from './references';
import { ASSISTANT_TOOL_NAMES } from './tools';

// The chat of the assistant: threads of messages, each answer with the
// references it cites and the result of the grounding check run before it is shown.

export const ANSWER_MODES = ['model', 'offline'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

/** Events of the answer stream, in this order: deltas and tool calls interleaved, references, then done. */
export const CHAT_STREAM_EVENTS = ['delta', 'tool', 'reference', 'done'] as const;
export type ChatStreamEvent = (typeof CHAT_STREAM_EVENTS)[number];

/**
 * `verified` is false when a number was not found in this turn's tool outputs
 * (it is then struck through in `content`) or a cited id was not returned by a tool.
 */
export const ChatGroundingSchema = Type.Object(
  {
    verified: Type.Boolean(),
    unverifiedNumbers: Type.Array(Type.String()),
    invalidReferences: Type.Optional(Type.Array(ChatReferenceSchema)),
  },
  strictObject,
);
export type ChatGrounding = Static<typeof ChatGroundingSchema>;

export const ChatToolCallSchema = Type.Object(
  {
    tool: literals(ASSISTANT_TOOL_NAMES),
    input: Type.Unknown(),
    /** Milliseconds the tool took, when it was timed on its own (the offline answerer times the whole answer). */
    durationMs: Type.Optional(Type.Number({ minimum: 0 })),
    /** The call's own id; calls stored before ids were given have none. */
    id: Type.Optional(UuidSchema),
    /** A `propose_change` that drafted a change: the change in words, for the card that offers to apply it. */
    summary: Type.Optional(Type.String()),
    /** Set once an editor applied the drafted change into a proposal. */
    applied: Type.Optional(AppliedDraft),
  },
  strictObject,
);
export type ChatToolCall = Static<typeof ChatToolCallSchema>;

export const ChatThreadParams = Type.Object({ companyId: UuidSchema, threadId: UuidSchema }, strictObject);
export const ChatCompanyParams = Type.Object({ companyId: UuidSchema }, strictObject);
export const ChatQueryParams = Type.Object({ companyId: UuidSchema, queryId: UuidSchema }, strictObject);

export const CreateChatThreadResponse = Type.Object({ id: UuidSchema }, strictObject);
export type CreateChatThreadResponse = Static<typeof CreateChatThreadResponse>;

export const PostChatMessageBody = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: 4000 }) },
  strictObject,
);
export type PostChatMessageBody = Static<typeof PostChatMessageBody>;

/**
 * The finished answer, as `Accept: application/json` returns it and the `done` event carries it.
 * Its `content` is the answer as checked: a client shows it in place of the streamed deltas.
 */
export const ChatAnswerSchema = Type.Object(
  {
    id: UuidSchema,
    content: Type.String(),
    references: Type.Array(ChatReferenceSchema),
    grounding: ChatGroundingSchema,
    mode: literals(ANSWER_MODES),
  },
  strictObject,
);
export type ChatAnswer = Static<typeof ChatAnswerSchema>;

export const ChatMessageSchema = Type.Object(
  {
    id: UuidSchema,
    role: literals(['user', 'assistant'] as const),
    content: Type.String(),
    references: Type.Array(ChatReferenceSchema),
    grounding: Type.Union([ChatGroundingSchema, Type.Null()]),
    mode: Type.Union([literals(ANSWER_MODES), Type.Null()]),
    toolCalls: Type.Array(ChatToolCallSchema),
    createdAt: TimestampSchema,
  },
  strictObject,
);
export type ChatMessage = Static<typeof ChatMessageSchema>;

export const ChatThreadSummarySchema = Type.Object(
  { id: UuidSchema, title: Type.String(), createdAt: TimestampSchema, updatedAt: TimestampSchema },
  strictObject,
);
export type ChatThreadSummary = Static<typeof ChatThreadSummarySchema>;

export const ChatThreadList = Type.Object({ items: Type.Array(ChatThreadSummarySchema) }, strictObject);
export type ChatThreadList = Static<typeof ChatThreadList>;

export const ChatThreadSchema = Type.Composite([
  ChatThreadSummarySchema,
  Type.Object({ messages: Type.Array(ChatMessageSchema) }),
]);
export type ChatThread = Static<typeof ChatThreadSchema>;

/** Questions about the company's own plan that the assistant answers without a model, to start a conversation. */
export const ChatSuggestionsSchema = Type.Object(
  { questions: Type.Array(Type.String({ minLength: 1 }), { maxItems: 6 }) },
  strictObject,
);
export type ChatSuggestions = Static<typeof ChatSuggestionsSchema>;
