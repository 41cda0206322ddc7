import { Type, type Static } from '@sinclair/typebox';
import type { CheckedCall } from './auth/internal-client';
import { Nullable } from './nullable';
import { strictObject as strict, UuidSchema as Uuid } from './primitives';

// The email outbox routes every mail-sending service serves (`/internal/outbox…`, service token only):
// the service kit validates and serialises them with these, and the product-admin area reads them
// through `outboxInternalClient`, so both sides hold the one definition.

export const OutboxStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export type OutboxStatusName = Static<typeof OutboxStatusSchema>;

/** `GET /internal/outbox`: newest first; `recipient` matches a part of the address. */
export const OutboxQuerySchema = Type.Object(
  {
    recipient: Type.Optional(Type.String({ maxLength: 320 })),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(OutboxStatusSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  strict,
);
export type OutboxQuery = Static<typeof OutboxQuerySchema>;

/** `GET /internal/outbox/{id}` and `POST /internal/outbox/{id}/resend`. */
export const OutboxEmailParams = Type.Object({ id: Uuid }, strict);

const outboxSummaryFields = {
  id: Type.String(),
  template: Type.String(),
  to: Type.String(),
  status: OutboxStatusSchema,
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  nextAttemptAt: Type.String(),
  /** The copy a resend of this failed email queued, if any. */
  resentAs: Nullable(Type.String()),
  /** The failed email this one re-sends, if it is a resend. */
  resendOf: Nullable(Type.String()),
};

/** One email as a list shows it (no body). */
export const OutboxEmailSummary = Type.Object(outboxSummaryFields, strict);
export type OutboxEmailSummary = Static<typeof OutboxEmailSummary>;
export const OutboxListAnswer = Type.Object({ emails: Type.Array(OutboxEmailSummary) }, strict);
export type OutboxListAnswer = Static<typeof OutboxListAnswer>;

/** `GET /internal/outbox/stats`: emails created over the last day by their status now, and per hour, oldest first. */
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

/** `GET /internal/outbox/{id}`: one email with what was sent (404 `email_not_found`). */
export const OutboxEmailAnswer = Type.Object(
  {
    ...outboxSummaryFields,
    messageId: Nullable(Type.String()),
    subject: Type.String(),
    text: Type.String(),
    html: Type.String(),
  },
  strict,
);
export type OutboxEmailAnswer = Static<typeof OutboxEmailAnswer>;

/** `POST /internal/outbox/{id}/resend`: the copy queued now, or the one an earlier resend queued (409 `email_not_failed`). */
export const OutboxResendAnswer = Type.Object(
  { outcome: Type.Union([Type.Literal('queued'), Type.Literal('already_resent')]), id: Type.String() },
  strict,
);
export type OutboxResendAnswer = Static<typeof OutboxResendAnswer>;

/** The query as the route reads it from the URL: only the fields given, each as text. */
function outboxSearchParams(query: OutboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params;
}

/** Any mail-sending service's outbox routes, for the product-admin area. */
export function outboxInternalClient(call: CheckedCall) {
  return {
    search: (query: OutboxQuery, requestId?: string) =>
      call(`/internal/outbox?${outboxSearchParams(query)}`, { requestId, answer: OutboxListAnswer }),
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
