import { Type } from '@sinclair/typebox';
import { CompanyInfoResponse } from './company-info';

/**
 * `POST /api/subscription/cancel` and `/resume`: the company as its members now see it.
 * `POST /api/subscription/update` also names where to pay when the provider asks for it.
 */
export const SubscriptionChangeResponse = CompanyInfoResponse;
export const PlanChangeResponse = Type.Composite([
  CompanyInfoResponse,
  Type.Object({ checkoutUrl: Type.Optional(Type.String()) }),
]);

/** `POST /webhooks/stripe`: the event was taken, and what it did (an event seen before, or of no interest, changes nothing). */
export const WebhookReceiptResponse = Type.Object(
  {
    received: Type.Literal(true),
    outcome: Type.Union([Type.Literal('processed'), Type.Literal('duplicate'), Type.Literal('ignored')]),
  },
  { additionalProperties: false },
);
