export * from './subscription-api';
export {
  cardExpiring,
  hasActiveSubscription,
  hasEnded,
  isNonTrial,
  needsSubscription,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_STATUSES,
  type CompanySubscription,
  type Invoice,
  type Plan,
  type SubscriptionDetails,
  type SubscriptionPreview,
  type SubscriptionStatus,
} from '@tracemap/contracts';
