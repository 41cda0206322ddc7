import { PlaceholderPage } from '@tracemap/ui';

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      title="Forgot your password?"
      description="We will email you a link to choose a new password."
      pending="Password reset requests arrive with the identity release."
    />
  );
}
