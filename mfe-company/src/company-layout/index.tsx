import { useCallback, useEffect, useMemo, useState } from 'react';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import { ApiError, type CompanyInfo } from '@tracemap/shell-core';
import { forgetCompanyAccess, rememberCompanyAccess, setCurrentCompany } from '@tracemap/shell-core/company-access';
import { applyCompanyInfoBanners } from '@tracemap/shell-core/billing-banners';
import { getCompanyInfo } from '@tracemap/shell-core/company-api';
import { AssistantDrawer } from '../assistant/components/assistant-drawer';
import { ApiErrorMessage } from '../components/api-error';
import { CompanyNav } from '../components/company-nav';
import { NoAccess } from '../components/no-access';
import { useProposalAddress } from '../proposals/proposal-address';
import { ProposalBanner } from '../proposals/proposal-banner';
import { ProposalSelector } from '../proposals/proposal-selector';
import { CompanyContext } from './context';

type State =
  | { status: 'loading' }
  | { status: 'ready'; info: CompanyInfo }
  | { status: 'denied'; message: string }
  | { status: 'failed'; error: unknown };

/**
 * Everything under /company/:companyId. Company info is read again on every navigation, so a
 * role change or a removal counts from the user's next page on; a refusal (404/403) forgets the
 * company, clears it as the current company and shows the no-access state.
 */
export function CompanyLayout() {
  const { companyId = '' } = useParams();
  const { pathname } = useLocation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const proposal = useProposalAddress(companyId);

  const load = useCallback(async () => {
    try {
      const info = await getCompanyInfo(companyId);
      const permissions = rememberCompanyAccess({ id: info.company.id, name: info.company.name }, info.role);
      setCurrentCompany(companyId, permissions);
      void applyCompanyInfoBanners(info);
      setState({ status: 'ready', info });
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 403)) {
        forgetCompanyAccess(companyId);
        setState({ status: 'denied', message: error.message });
      } else {
        setState({ status: 'failed', error });
      }
    }
  }, [companyId]);

  useEffect(() => {
    void load();
  }, [load, pathname]);

  const value = useMemo(
    () => (state.status === 'ready' ? { companyId, info: state.info, reload: load } : null),
    [companyId, state, load],
  );

  if (state.status === 'denied') return <NoAccess message={state.message} />;
  if (state.status === 'failed') {
    return (
      <section className="tm-container co-page">
        <ApiErrorMessage error={state.error} />
      </section>
    );
  }
  if (!value) {
    return (
      <section className="tm-container co-page" aria-busy="true" data-testid="company-loading">
        <p className="co-muted">Loading company…</p>
      </section>
    );
  }
  return (
    <CompanyContext.Provider value={value}>
      <div data-testid="company-area" data-company-id={companyId} data-role={value.info.role}>
        <CompanyNav companyId={companyId} name={value.info.company.name} role={value.info.role}>
          <div className="co-title-actions">
            {/* Here rather than among the sections: one more section would wrap them onto a second line. */}
            <NavLink to={`/company/${companyId}/proposals`} data-testid="company-nav-proposals">
              Proposals
            </NavLink>
            <ProposalSelector companyId={companyId} proposalId={proposal.proposalId} />
            <AssistantDrawer companyId={companyId} />
          </div>
        </CompanyNav>
        {proposal.proposalId && <ProposalBanner companyId={companyId} proposalId={proposal.proposalId} />}
        {/* A page mounts afresh on switching plans, so nothing read from the other plan stays on it. */}
        {proposal.ready ? (
          <Outlet key={proposal.proposalId ?? 'live'} />
        ) : (
          <section className="tm-container co-page" aria-busy="true">
            <p className="co-muted">Opening the plan…</p>
          </section>
        )}
      </div>
    </CompanyContext.Provider>
  );
}
