import { Link } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function RegisterPage() {
  return (
    <PlaceholderPage
      title="Create your Tracemap account"
      description="Register, confirm your email, then create or join a company workspace."
      pending="Registration form arrives with the identity release."
    >
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </PlaceholderPage>
  );
}
