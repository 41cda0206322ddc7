import { Link, useSearchParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <PlaceholderPage
      title="Log in to Tracemap"
      description="Sign in with your work email to reach your company's tracking plan."
      pending="Login form arrives with the identity release."
    >
      {redirect ? <p data-testid="login-redirect">After logging in you will return to {redirect}.</p> : null}
      <p>
        New to Tracemap? <Link to="/register">Create an account</Link> · <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </PlaceholderPage>
  );
}
