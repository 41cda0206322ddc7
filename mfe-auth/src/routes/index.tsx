import { Suspense, type ComponentType } from 'react';
import { lazyPage, startFirstPage, useFirstPage } from '@tracemap/shell-core/pages';
import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { InvitationPage } from '../pages/invitation';
import { PopupClosePage } from '../pages/popup-close';

/** Each form page is its own chunk: /login does not download the account page's code. */
const Login = lazyPage(() => import('../pages/login'), (m) => m.LoginPage);
const Register = lazyPage(() => import('../pages/register'), (m) => m.RegisterPage);
const ForgotPassword = lazyPage(() => import('../pages/forgot-password'), (m) => m.ForgotPasswordPage);
const ResetPassword = lazyPage(() => import('../pages/reset-password'), (m) => m.ResetPasswordPage);
const ConfirmEmail = lazyPage(() => import('../pages/confirm-email'), (m) => m.ConfirmEmailPage);
const Account = lazyPage(() => import('../pages/account'), (m) => m.AccountPage);

// The page the app opens at starts loading with this module (see lazyPage).
const firstPage = startFirstPage([
  [/^\/login\/?$/, Login],
  [/^\/register\/?$/, Register],
  [/^\/forgot-password\/?$/, ForgotPassword],
  [/^\/reset-password\//, ResetPassword],
  [/^\/confirm-email(\/|$)/, ConfirmEmail],
  [/^\/account(\/|$)/, Account],
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

/** Routes owned by mfe-auth, relative to its prefix `/`. */
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
        <Route path="login" element={page(Login)} />
        <Route path="register" element={page(Register)} />
        <Route path="forgot-password" element={page(ForgotPassword)} />
        <Route path="reset-password/:id" element={page(ResetPassword)} />
        <Route path="confirm-email" element={page(ConfirmEmail)} />
        <Route path="confirm-email/:id" element={page(ConfirmEmail)} />
        <Route path="invitation/:id" element={<InvitationPage />} />
        <Route path="auth/popup-close" element={<PopupClosePage />} />
        <Route path="account/*" element={page(Account)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
