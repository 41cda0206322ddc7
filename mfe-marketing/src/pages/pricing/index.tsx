import { PlaceholderPage } from '@tracemap/ui';

export function PricingPage() {
  return (
    <PlaceholderPage
      title="Pricing"
      description="Every company workspace runs on a subscription, billed monthly by card."
      pending="Plans and prices are published with the billing release."
    />
  );
}
