import { Type, type Static } from '@sinclair/typebox';
import { JsonObjectSchema, strictObject, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';
import { NOTIFICATION_KINDS, NOTIFICATION_SEVERITIES } from './slack';

/**
 * What a producer (company, insights, integrations itself) hands to the integrations
 * service's internal notification route. `subject` names the item (an event, a finding, an
 * import): later notifications about the same subject thread under the first message.
 * `dedupeKey` makes a retried post harmless.
 */
export const NotificationBody = Type.Object(
  {
    companyId: UuidSchema,
    kind: literals(NOTIFICATION_KINDS),
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    dedupeKey: Type.String({ minLength: 1, maxLength: 200 }),
    payload: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 300 }),
        text: Type.Optional(Type.String({ maxLength: 3000 })),
        /** A path inside the product (`/company/…`), linked from the message. */
        link: Type.Optional(Type.String({ maxLength: 500, pattern: '^/' })),
        severity: Type.Optional(literals(NOTIFICATION_SEVERITIES)),
        tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
        category: Type.Optional(Type.String({ maxLength: 100 })),
        actor: Type.Optional(Type.String({ maxLength: 200 })),
        details: Type.Optional(JsonObjectSchema),
      },
      strictObject,
    ),
  },
  strictObject,
);
export type NotificationBody = Static<typeof NotificationBody>;

export const NotificationAccepted = Type.Object(
  { accepted: Type.Boolean(), deliveries: Type.Integer({ minimum: 0 }) },
  strictObject,
);
export type NotificationAccepted = Static<typeof NotificationAccepted>;

/** The internal route producers post to, on the integrations service. */
export const NOTIFICATIONS_INTERNAL_PATH = '/internal/notifications';
