import { Link } from 'react-router';
import { useCompanyStore, useSessionStore } from '@tracemap/shell-core';

/** Visitors register; signed-in members go to their company's subscription page. */
export function PlanCallToAction({ label = 'Start free' }: { label?: string }) {
  const signedIn = useSessionStore((s) => s.session !== null);
  const companyId = useCompanyStore((s) => s.currentCompanyId);
  if (signedIn && companyId) {
    return (
      <Link to={`/company/${companyId}/subscription`} className="tm-btn" data-testid="pricing-manage">
        Choose on your subscription page
      </Link>
    );
  }
  if (signedIn) {
    return (
      <Link to="/company/create" className="tm-btn" data-testid="pricing-create-company">
        Create your company
      </Link>
    );
  }
  return (
    <Link to="/register" className="tm-btn" data-testid="pricing-register">
      {label}
    </Link>
  );
}
