import type { ReactNode } from 'react';

export interface PlaceholderPageProps {
  title: string;
  /** What the page is for, in one sentence. */
  description?: ReactNode;
  /** Plain statement of what is not built yet, e.g. "Login form arrives with the identity release." */
  pending: ReactNode;
  children?: ReactNode;
}

/** A page whose feature arrives in a later release; says so plainly instead of faking it. */
export function PlaceholderPage({ title, description, pending, children }: PlaceholderPageProps) {
  return (
    <section className="tm-page tm-container" data-testid="placeholder-page">
      <h1>{title}</h1>
      {description ? <p>{description}</p> : null}
      <p className="tm-note" data-testid="placeholder-pending">
        {pending}
      </p>
      {children}
    </section>
  );
}
