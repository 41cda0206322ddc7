import type { ReactNode } from 'react';
import { AuthStyles } from '../../styles';

/** Centred card for the sign-in pages. */
export function AuthCard({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="tm-page tm-container au-page" data-testid={testId}>
      <AuthStyles />
      <div className="au-card">
        <h1>{title}</h1>
        {intro ? <p className="au-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
