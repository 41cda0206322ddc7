import { useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function ResetPasswordPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Choose a new password"
      description={`Reset link ${id ?? ''}`.trim()}
      pending="Setting a new password arrives with the identity release."
    />
  );
}
