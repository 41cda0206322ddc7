// The closed word lists of the admin area and the roadmap, apart from their schemas
// (admin.ts, roadmap.ts): the shell bundles these lists, and importing them must not pull
// the schema library into the first page load.

/** Where a roadmap item stands; visitors see the published ones grouped by it. */
export const ROADMAP_STATUSES = ['planned', 'in_progress', 'shipped'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

/** How far product admins have taken a bug report or a piece of feedback. */
export const SUPPORT_STATUSES = ['new', 'triaged', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** The services whose email outbox the admin area reads. */
export const EMAIL_SOURCES = ['auth', 'account', 'company'] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];
