import { PlaceholderPage } from '@tracemap/ui';

export function CompanyCreatePage() {
  return <PlaceholderPage title="Create a company" description="A company holds your tracking plan and your team." pending="Company creation arrives with the company release." />;
}
