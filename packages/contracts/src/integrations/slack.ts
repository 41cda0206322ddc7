import { Type, type Static } from '@sinclair/typebox';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';

// The Slack API of the integrations service: the install flow, the installation's status,
// per-channel subscriptions and the notifications producers hand in.

export const SLACK_STATUSES = ['not_connected', 'connected', 'revoked'] as const;
export type SlackStatus = (typeof SLACK_STATUSES)[number];

/** What producers announce; each subscription chooses among them. */
export const NOTIFICATION_KINDS = [
  'plan_changed',
  'import_finished',
  'map_shared',
  'member_changed',
  'proposal_changed',
  'review_requested',
  'finding_new',
  'findings_digest',
  'integration_failed',
  'test_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

export const DELIVERY_MODES = ['immediate', 'digest'] as const;

/** Why a subscription stopped posting (Slack's own error codes); the Slack page shows a banner. */
export const SUBSCRIPTION_PAUSES = ['channel_not_found', 'is_archived', 'not_in_channel'] as const;

/** The named errors `/auth/popup-close` reports for a failed install. */
export const SLACK_INSTALL_ERRORS = ['invalid_state', 'access_denied', 'exchange_failed'] as const;
export type SlackInstallError = (typeof SLACK_INSTALL_ERRORS)[number];

/** Where the popup ends; the page reports to its opener on this channel name. */
export const OAUTH_POPUP_CHANNEL = 'tracemap:oauth';

export const SlackCompanyParams = Type.Object({ companyId: UuidSchema }, strictObject);
export const SlackSubscriptionParams = Type.Object({ companyId: UuidSchema, id: UuidSchema }, strictObject);

export const SlackInstallUrl = Type.Object({ url: Type.String() }, strictObject);
export type SlackInstallUrl = Static<typeof SlackInstallUrl>;

export const SlackChannelRef = Type.Object({ id: Type.String(), name: Type.String() }, strictObject);

export const SlackInstallationStatus = Type.Object(
  {
    status: literals(SLACK_STATUSES),
    team: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }, strictObject), Type.Null()]),
    channel: Type.Union([SlackChannelRef, Type.Null()]),
    /** Subscriptions paused by a channel error, for the page's banner. */
    paused: Type.Array(
      Type.Object({ subscriptionId: UuidSchema, channelName: Type.String(), reason: Type.String() }, strictObject),
    ),
    /** True while the product talks to its local Slack stand-in instead of slack.com. */
    localSlack: Type.Boolean(),
  },
  strictObject,
);
export type SlackInstallationStatus = Static<typeof SlackInstallationStatus>;

const Tag = Type.String({ minLength: 1, maxLength: 100 });
const Hour = Type.Integer({ minimum: 0, maximum: 23 });

export const SlackSubscriptionFields = {
  channelId: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Z0-9]+$' }),
  channelName: Type.String({ minLength: 1, maxLength: 80 }),
  kinds: Type.Array(literals(NOTIFICATION_KINDS), {
    minItems: 1,
    maxItems: NOTIFICATION_KINDS.length,
    uniqueItems: true,
  }),
  tags: Type.Array(Tag, { maxItems: 50 }),
  categories: Type.Array(Tag, { maxItems: 50 }),
  minSeverity: literals(NOTIFICATION_SEVERITIES),
  mode: literals(DELIVERY_MODES),
  /** Quiet hours (UTC), start inclusive, end exclusive; null: none. */
  quietHours: Type.Union([Type.Object({ start: Hour, end: Hour }, strictObject), Type.Null()]),
};

export const SlackSubscription = Type.Object(
  {
    id: UuidSchema,
    ...SlackSubscriptionFields,
    pausedReason: Type.Union([Type.String(), Type.Null()]),
    createdAt: TimestampSchema,
  },
  strictObject,
);
export type SlackSubscription = Static<typeof SlackSubscription>;

export const CreateSlackSubscriptionBody = Type.Object(
  {
    channelId: SlackSubscriptionFields.channelId,
    channelName: SlackSubscriptionFields.channelName,
    kinds: SlackSubscriptionFields.kinds,
    tags: Type.Optional(SlackSubscriptionFields.tags),
    categories: Type.Optional(SlackSubscriptionFields.categories),
    minSeverity: Type.Optional(SlackSubscriptionFields.minSeverity),
    mode: Type.Optional(SlackSubscriptionFields.mode),
    quietHours: Type.Optional(SlackSubscriptionFields.quietHours),
  },
  strictObject,
);
export type CreateSlackSubscriptionBody = Static<typeof CreateSlackSubscriptionBody>;

/** Changing a subscription also resumes a paused one. */
export const UpdateSlackSubscriptionBody = Type.Object(
  {
    kinds: Type.Optional(SlackSubscriptionFields.kinds),
    tags: Type.Optional(SlackSubscriptionFields.tags),
    categories: Type.Optional(SlackSubscriptionFields.categories),
    minSeverity: Type.Optional(SlackSubscriptionFields.minSeverity),
    mode: Type.Optional(SlackSubscriptionFields.mode),
    quietHours: Type.Optional(SlackSubscriptionFields.quietHours),
  },
  strictObject,
);
export type UpdateSlackSubscriptionBody = Static<typeof UpdateSlackSubscriptionBody>;

export const SlackSubscriptionList = Type.Object({ items: Type.Array(SlackSubscription) }, strictObject);
export type SlackSubscriptionList = Static<typeof SlackSubscriptionList>;

export const SlackTestMessageAnswer = Type.Object({ queued: Type.Integer({ minimum: 0 }) }, strictObject);
export type SlackTestMessageAnswer = Static<typeof SlackTestMessageAnswer>;

export const SlackOAuthCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 500 })),
    state: Type.Optional(Type.String({ maxLength: 200 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
  },
  strictObject,
);
export type SlackOAuthCallbackQuery = Static<typeof SlackOAuthCallbackQuery>;
