export {
  applyBillingBanners,
  applyCompanyInfoBanners,
  billingBanners,
  BILLING_BANNER_IDS,
  CARD_EXPIRING_BANNER_ID,
  clearBillingBanners,
  PAYMENT_FAILED_BANNER_ID,
  SUBSCRIPTION_REQUIRED_BANNER_ID,
  subscriptionPath,
  type BannerSubscription,
  type BillingBannerInput,
} from './billing-banners';
