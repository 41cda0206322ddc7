import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { InvitationPage } from '../pages/invitation';
import { PopupClosePage } from '../pages/popup-close';

/** Each form page is its own chunk: /login does not download the account page's code. */
const Login = lazy(() => import('../pages/login').then((m) => ({ default: m.LoginPage })));
const Register = lazy(() => import('../pages/register').then((m) => ({ default: m.RegisterPage })));
const ForgotPassword = lazy(() => import('../pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPassword = lazy(() => import('../pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmail = lazy(() => import('../pages/confirm-email').then((m) => ({ default: m.ConfirmEmailPage })));
const Account = lazy(() => import('../pages/account').then((m) => ({ default: m.AccountPage })));

function page(Page: LazyExoticComponent<ComponentType>) {
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
