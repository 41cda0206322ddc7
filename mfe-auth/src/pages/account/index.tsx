import { useUserStore } from '@tracemap/shell-core';
import { UserLoading } from '../../components/user-loading';
import { AuthStyles } from '../../styles';
import { AccessTokensSection } from './access-tokens-section';
import { EmailSection } from './email-section';
import { MfaSection } from './mfa-section';
import { NameSection } from './name-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

/** /account (protected by the shell): name, email status, password, two-factor, sessions, access tokens. */
export function AccountPage() {
  const user = useUserStore((s) => s.user);
  // The form starts from the account saved by the last visit; it starts again from the synced one.
  const savedCopy = useUserStore((s) => s.savedCopy);
  return (
    <section className="tm-page tm-container" data-testid="account-page">
      <AuthStyles />
      <div className="au-card au-wide">
        <h1>Your account</h1>
        {user ? (
          <>
            <NameSection key={savedCopy ? 'saved' : 'synced'} user={user} />
            <EmailSection user={user} />
            <PasswordSection email={user.email} />
            <MfaSection />
            <SessionsSection />
            <AccessTokensSection />
          </>
        ) : (
          <UserLoading />
        )}
      </div>
    </section>
  );
}
