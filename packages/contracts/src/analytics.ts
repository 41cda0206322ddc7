import { Type, type Static } from '@sinclair/typebox';
import { strictObject as strict } from './primitives';

// Product analytics collected by our own endpoint, `POST /api/analytics/events`. The browser
// batches events; nothing here identifies a person except the user id the server adds for a
// signed-in caller.

export { analyticsPath } from './analytics-path';

/** Largest accepted request body, in bytes. */
export const ANALYTICS_BODY_LIMIT_BYTES = 64 * 1024;
export const ANALYTICS_MAX_EVENTS = 50;
/** Inactivity after which the next event starts a new session. */
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60 * 1000;

const Id = Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' });
const ShortText = Type.String({ maxLength: 200 });

export const ANALYTICS_EVENT_KINDS = ['page_view', 'engagement', 'event'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

export const UtmSchema = Type.Object(
  {
    source: Type.Optional(ShortText),
    medium: Type.Optional(ShortText),
    campaign: Type.Optional(ShortText),
    term: Type.Optional(ShortText),
    content: Type.Optional(ShortText),
  },
  strict,
);
export type Utm = Static<typeof UtmSchema>;

export const ExperimentAssignmentSchema = Type.Object(
  {
    experiment: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
    variant: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
  },
  strict,
);
export type ExperimentAssignment = Static<typeof ExperimentAssignmentSchema>;

export const AnalyticsEventSchema = Type.Object(
  {
    kind: Type.Union(ANALYTICS_EVENT_KINDS.map((k) => Type.Literal(k))),
    /** `page_view`, `engagement` or a product event name such as `map_opened`. */
    name: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
    occurredAt: Type.String({ format: 'date-time' }),
    /** Path without fragment; of its query only utm_* parameters are kept (see analyticsPath), by client and collector alike. */
    path: Type.String({ pattern: '^/', maxLength: 512 }),
    referrerHost: Type.Optional(Type.String({ maxLength: 255 })),
    /** Engagement summary: time the page was visible, and deepest scroll in percent. */
    visibleMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
    scrollDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    properties: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$' }),
        Type.Union([ShortText, Type.Number(), Type.Boolean()]),
        { maxProperties: 20 },
      ),
    ),
  },
  strict,
);
export type AnalyticsEvent = Static<typeof AnalyticsEventSchema>;

export const AnalyticsBatchBody = Type.Object(
  {
    deviceId: Id,
    sessionId: Id,
    /** The visitor's experiment bucket, 0–99. */
    bucket: Type.Integer({ minimum: 0, maximum: 99 }),
    experiments: Type.Array(ExperimentAssignmentSchema, { maxItems: 20 }),
    utm: Type.Optional(UtmSchema),
    events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: ANALYTICS_MAX_EVENTS }),
  },
  strict,
);
export type AnalyticsBatch = Static<typeof AnalyticsBatchBody>;

export const AnalyticsBatchResponse = Type.Object({ accepted: Type.Integer() });
export type AnalyticsBatchAnswer = Static<typeof AnalyticsBatchResponse>;
