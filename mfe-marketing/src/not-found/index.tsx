import { useLocation, useNavigate } from 'react-router';
import { ErrorPage } from '@tracemap/ui';

/** Unknown path under this app's prefix (spec §2: 404 'Page not found: {path}'). */
export function NotFound() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} onGoHome={() => navigate('/')} />;
}
