import { useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function InvitationPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="You have been invited to a company"
      description={`Invitation ${id ?? ''}`.trim()}
      pending="Accepting invitations arrives with the company release."
    />
  );
}
