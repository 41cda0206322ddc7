import { useLocation, useNavigate } from 'react-router';
import { ErrorPage } from '@tracemap/ui';
import { PageShown } from '../page-shown';

/** Unknown path: the error page with 404 and 'Page not found: {path}'. */
export function NotFound() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <ErrorPage status={404} message={`Page not found: ${pathname}`} onGoHome={() => navigate('/')} />
      <PageShown />
    </>
  );
}
