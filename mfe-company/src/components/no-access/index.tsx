import { Link } from 'react-router';

/** Shown when the company refuses the user (not a member, removed, or no such company). */
export function NoAccess({ message }: { message: string }) {
  return (
    <section className="tm-container co-page" role="alert" data-testid="company-no-access">
      <h1>No access to this company</h1>
      <p className="co-error" data-testid="company-no-access-message">
        {message}
      </p>
      <p className="co-muted">You are not a member of this company, or you were removed from it.</p>
      <p className="co-actions">
        <Link className="tm-btn" to="/company">
          Your companies
        </Link>
        <Link className="tm-btn tm-btn--ghost" to="/company/create">
          Create Company
        </Link>
      </p>
    </section>
  );
}
