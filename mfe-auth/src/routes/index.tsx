import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { AccountPage } from '../pages/account';
import { ConfirmEmailPage } from '../pages/confirm-email';
import { ForgotPasswordPage } from '../pages/forgot-password';
import { InvitationPage } from '../pages/invitation';
import { LoginPage } from '../pages/login';
import { PopupClosePage } from '../pages/popup-close';
import { RegisterPage } from '../pages/register';
import { ResetPasswordPage } from '../pages/reset-password';

/** Routes owned by mfe-auth, relative to its prefix `/`. */
export default function AuthRoutes() {
  return (
    <div data-app="mfe-auth">
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:id" element={<ResetPasswordPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="confirm-email/:id" element={<ConfirmEmailPage />} />
        <Route path="invitation/:id" element={<InvitationPage />} />
        <Route path="auth/popup-close" element={<PopupClosePage />} />
        <Route path="account/*" element={<AccountPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
