import { useLocation, useNavigate } from 'react-router';
import { ErrorPage } from '@tracemap/ui';

/** Unknown path under this app's prefix: the 404 error page saying 'Page not found: {path}'. */
export function NotFound() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} onGoHome={() => navigate('/')} />;
}
