import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';
import { SUBSCRIPTION_STATUSES } from './subscription-status';
import { strictObject as strict } from './primitives';

// Contracts of the subscription service's public API (`/api/subscription/*`). Amounts are in
// the currency's smallest unit (cents); dates are ISO 8601 strings.

export const SubscriptionStatusSchema = Type.Union(SUBSCRIPTION_STATUSES.map((s) => Type.Literal(s)));

/** A price id of the catalogue (`price_…` or the configured provider id). */
export const PriceIdSchema = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_-]+$' });
const CompanyId = Type.String({ format: 'uuid' });

// ——— Requests ———
export const SubscriptionCompanyBody = Type.Object({ companyId: CompanyId }, strict);
export type SubscriptionCompanyInput = Static<typeof SubscriptionCompanyBody>;
export const SubscriptionPriceBody = Type.Object({ companyId: CompanyId, priceId: PriceIdSchema }, strict);
export type SubscriptionPriceInput = Static<typeof SubscriptionPriceBody>;

// ——— Plans ———
export const PlanSchema = Type.Object({
  priceId: Type.String(),
  name: Type.String(),
  /** Per month, in cents. */
  amount: Type.Integer({ minimum: 0 }),
  currency: Type.String(),
  interval: Type.Literal('month'),
  features: Type.Array(Type.String()),
  /** e.g. `{ members: 5, maps: 20 }`; null means no limits. */
  limits: Nullable(Type.Record(Type.String(), Type.Integer())),
});
export type Plan = Static<typeof PlanSchema>;
export const PlansResponse = Type.Object({ plans: Type.Array(PlanSchema) });
export type PlansAnswer = Static<typeof PlansResponse>;

// ——— The subscription as company info shows it ———
export const CompanySubscriptionSchema = Type.Object({
  status: SubscriptionStatusSchema,
  priceId: Nullable(Type.String()),
  planName: Nullable(Type.String()),
  currentPeriodEnd: Nullable(Type.String()),
  cancelAtPeriodEnd: Type.Boolean(),
  trialEnd: Nullable(Type.String()),
  cardExpirationMonth: Nullable(Type.Integer()),
  cardExpirationYear: Nullable(Type.Integer()),
});
export type CompanySubscription = Static<typeof CompanySubscriptionSchema>;
/** Billing's internal `GET /internal/companies/{companyId}/subscription`; null: no subscription. */
export const CompanySubscriptionAnswer = Type.Object({ subscription: Nullable(CompanySubscriptionSchema) });
export type CompanySubscriptionAnswer = Static<typeof CompanySubscriptionAnswer>;

// ——— Details ———
export const CardSchema = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
});
export type Card = Static<typeof CardSchema>;

export const SubscriptionDetailsSchema = Type.Object({
  status: SubscriptionStatusSchema,
  priceId: Nullable(Type.String()),
  planName: Nullable(Type.String()),
  currentPeriodEnd: Nullable(Type.String()),
  cancelAtPeriodEnd: Type.Boolean(),
  trialEnd: Nullable(Type.String()),
  card: Nullable(CardSchema),
  /** null when nothing more will be charged (canceled, ended) or the provider could not answer. */
  upcomingInvoice: Nullable(Type.Object({ amount: Type.Integer(), date: Nullable(Type.String()) })),
});
export type SubscriptionDetails = Static<typeof SubscriptionDetailsSchema>;
export const SubscriptionDetailsResponse = Type.Object({ subscription: Nullable(SubscriptionDetailsSchema) });
export type SubscriptionDetailsAnswer = Static<typeof SubscriptionDetailsResponse>;

// ——— Preview of a plan change ———
export const PreviewResponse = Type.Object({
  amountDue: Type.Integer(),
  currency: Type.String(),
  lines: Type.Array(Type.Object({ description: Type.String(), amount: Type.Integer() })),
  nextInvoiceDate: Nullable(Type.String()),
});
export type SubscriptionPreview = Static<typeof PreviewResponse>;

// ——— Portal, invoices ———
export const PortalResponse = Type.Object({ url: Type.String() });
export const InvoiceSchema = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  status: Nullable(Type.String()),
  amountDue: Type.Integer(),
  amountPaid: Type.Integer(),
  currency: Type.String(),
  created: Type.String(),
  periodStart: Nullable(Type.String()),
  periodEnd: Nullable(Type.String()),
  hostedInvoiceUrl: Nullable(Type.String()),
});
export type Invoice = Static<typeof InvoiceSchema>;
export const InvoicesResponse = Type.Object({ invoices: Type.Array(InvoiceSchema) });
