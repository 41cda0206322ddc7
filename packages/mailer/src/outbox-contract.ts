import { Type, type Static } from '@sinclair/typebox';
import type { InternalClient } from '@tracemap/service-kit';

// What the outbox routes every mail-sending service serves (`/internal/outbox…`) answer from this
// package's outbox functions: the product-admin area reads them checked against these.
const OutboxStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
const strict = { additionalProperties: false } as const;
const outboxSummaryFields = {
  id: Type.String(),
  template: Type.String(),
  to: Type.String(),
  status: OutboxStatusSchema,
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.String(),
  /** The copy a resend of this failed email queued, if any. */
  resentAs: Type.Union([Type.String(), Type.Null()]),
  /** The failed email this one re-sends, if it is a resend. */
  resendOf: Type.Union([Type.String(), Type.Null()]),
};

export const OutboxListAnswer = Type.Object({ emails: Type.Array(Type.Object(outboxSummaryFields, strict)) }, strict);
export type OutboxListAnswer = Static<typeof OutboxListAnswer>;
/** Emails created over the last day by their status now, and per hour, oldest first. */
export const OutboxStatsAnswer = Type.Object(
  {
    queued: Type.Integer({ minimum: 0 }),
    sent: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    hourly: Type.Array(Type.Integer({ minimum: 0 })),
  },
  strict,
);
export type OutboxStatsAnswer = Static<typeof OutboxStatsAnswer>;
export const OutboxEmailAnswer = Type.Object(
  {
    ...outboxSummaryFields,
    messageId: Type.Union([Type.String(), Type.Null()]),
    subject: Type.String(),
    text: Type.String(),
    html: Type.String(),
  },
  strict,
);
export type OutboxEmailAnswer = Static<typeof OutboxEmailAnswer>;
export const OutboxResendAnswer = Type.Object(
  { outcome: Type.Union([Type.Literal('queued'), Type.Literal('already_resent')]), id: Type.String() },
  strict,
);
export type OutboxResendAnswer = Static<typeof OutboxResendAnswer>;

/** Any mail-sending service's outbox routes, answers checked against the schemas above. */
export function outboxInternalClient(call: InternalClient) {
  return {
    search: (query: Record<string, string>, requestId?: string) =>
      call(`/internal/outbox?${new URLSearchParams(query)}`, { requestId, answer: OutboxListAnswer }),
    stats: (requestId?: string) => call('/internal/outbox/stats', { requestId, answer: OutboxStatsAnswer }),
    get: (id: string, requestId?: string) =>
      call(`/internal/outbox/${encodeURIComponent(id)}`, { requestId, answer: OutboxEmailAnswer }),
    resend: (id: string, requestId?: string) =>
      call(`/internal/outbox/${encodeURIComponent(id)}/resend`, {
        method: 'POST',
        requestId,
        answer: OutboxResendAnswer,
      }),
  };
}
export type OutboxInternalClient = ReturnType<typeof outboxInternalClient>;
