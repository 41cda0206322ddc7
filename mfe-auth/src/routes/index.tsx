import { Suspense, type ComponentType, type ReactElement } from 'react';
import { MFE_AUTH, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { lazyPage, startFirstPage, useFirstPage } from '@tracemap/shell-core/pages';
import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { InvitationPage } from '../pages/invitation';
import { PopupClosePage } from '../popup-close/popup-close-page';

/** Each form page is its own chunk: /login does not download the others' code. */
const Login = lazyPage(
  () => import('../pages/login'),
  (m) => m.LoginPage,
);
const Register = lazyPage(
  () => import('../pages/register'),
  (m) => m.RegisterPage,
);
const ForgotPassword = lazyPage(
  () => import('../pages/forgot-password'),
  (m) => m.ForgotPasswordPage,
);
const ResetPassword = lazyPage(
  () => import('../pages/reset-password'),
  (m) => m.ResetPasswordPage,
);
const ConfirmEmail = lazyPage(
  () => import('../pages/confirm-email'),
  (m) => m.ConfirmEmailPage,
);

// The page the app opens at starts loading with this module (see lazyPage).
const firstPage = startFirstPage([
  [/^\/login\/?$/, Login],
  [/^\/register\/?$/, Register],
  [/^\/forgot-password\/?$/, ForgotPassword],
  [/^\/reset-password\//, ResetPassword],
  [/^\/confirm-email(\/|$)/, ConfirmEmail],
]);

function page(Page: ComponentType) {
  return (
    <Suspense
      fallback={
        <section className="tm-page tm-container" aria-busy="true">
          <p>Loading…</p>
        </section>
      }
    >
      <Page />
    </Suspense>
  );
}

// One element per page the micro-frontends manifest lists for this module; the paths come from there.
const PAGES: Record<ManifestPage<'mfe_auth', './routes'>, ReactElement> = {
  '/login': page(Login),
  '/register': page(Register),
  '/forgot-password': page(ForgotPassword),
  '/reset-password/:id': page(ResetPassword),
  '/confirm-email': page(ConfirmEmail),
  '/confirm-email/:id': page(ConfirmEmail),
  '/invitation/:id': <InvitationPage />,
  '/auth/popup-close': <PopupClosePage />,
};
const ROUTES = relativeRoutes(MFE_AUTH, './routes', PAGES);

/** Routes owned by mfe-auth, relative to `/`. */
export default function AuthRoutes() {
  const ready = useFirstPage(firstPage);
  if (!ready) {
    return (
      <div data-app="mfe-auth">
        <section className="tm-page tm-container" aria-busy="true">
          <p>Loading…</p>
        </section>
      </div>
    );
  }
  return (
    <div data-app="mfe-auth">
      <Routes>
        {ROUTES.map(({ page: pattern, path, element }) => (
          <Route key={pattern} path={path} element={element} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
