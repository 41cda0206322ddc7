import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from './primitives';
import { SubscriptionStatusSchema } from './subscription';

// Contracts of the subscription service's internal routes (`/internal/*`, service token only),
// so the services that call them read the same shapes it validates and serialises with.
// `GET /internal/companies/{companyId}/subscription` answers `CompanySubscriptionAnswer`.

/** `{companyId}` in an internal route's path. */
export const SubscriptionCompanyParams = Type.Object({ companyId: UuidSchema }, strictObject);
export type SubscriptionCompanyParams = Static<typeof SubscriptionCompanyParams>;

/** `POST /internal/companies/{companyId}/start-trial`: the company's creator, whose one trial it uses. */
export const StartTrialBody = Type.Object({ creatorUserId: UuidSchema }, strictObject);
export type StartTrialInput = Static<typeof StartTrialBody>;

/** The company's status once the trial is running, or why no trial was started. */
export const StartTrialAnswer = Type.Union([
  Type.Object(
    { started: Type.Literal(true), status: Type.Union([SubscriptionStatusSchema, Type.Literal('none')]) },
    strictObject,
  ),
  Type.Object(
    {
      started: Type.Literal(false),
      reason: Type.Union([Type.Literal('trial_used'), Type.Literal('has_subscription')]),
    },
    strictObject,
  ),
]);
export type StartTrialAnswer = Static<typeof StartTrialAnswer>;

/** `GET /internal/subscriptions/stats`: companies per product status; a status nobody has is absent. */
export const SubscriptionStatsAnswer = Type.Object(
  { byStatus: Type.Record(Type.String(), Type.Integer({ minimum: 0 })) },
  strictObject,
);
export type SubscriptionStatsAnswer = Static<typeof SubscriptionStatsAnswer>;
