import { useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

/** Serves both /confirm-email/:id and the unnamed /confirm-email. */
export function ConfirmEmailPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Confirm your email"
      description={id ? `Confirmation link ${id}` : 'Check your inbox for the confirmation email we sent you.'}
      pending="Email confirmation arrives with the identity release."
    />
  );
}
