import { PlaceholderPage } from '@tracemap/ui';

export function AdminCreateCompanyPage() {
  return <PlaceholderPage title="Create company" description="Create a company workspace for a customer." pending="Company creation arrives with the company release." />;
}
