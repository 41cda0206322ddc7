import { PlaceholderPage } from '@tracemap/ui';

export function CompanySlackPage() {
  return (
    <PlaceholderPage
      title="Connect Slack"
      description="Get tracking-plan changes posted to a Slack channel."
      pending="The Slack integration arrives in a later release."
    />
  );
}
