import { PlaceholderPage } from '@tracemap/ui';

export function AdminCreateUserPage() {
  return <PlaceholderPage title="Create user" description="Create a user account on someone's behalf." pending="User creation arrives with the identity release." />;
}
