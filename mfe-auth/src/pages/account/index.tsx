import { PlaceholderPage } from '@tracemap/ui';

export function AccountPage() {
  return (
    <PlaceholderPage
      title="Your account"
      description="Your name, email and password."
      pending="Account settings arrive with the identity release."
    />
  );
}
