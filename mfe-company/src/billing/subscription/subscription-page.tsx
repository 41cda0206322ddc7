import { useState } from 'react';
import { applyCompanyInfoBanners } from '@tracemap/shell-core/billing-banners';
import {
  cancelSubscription,
  openBillingPortal,
  resumeSubscription,
  type Plan,
} from '@tracemap/shell-core/subscription';
import { hasAdminRights } from '@tracemap/shell-core/roles';
import { type CompanyInfo } from '@tracemap/shell-core';
import { BillingStyles } from '../billing-styles';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { useAction } from '../../hooks/use-action';
import { CancelDialog } from './cancel-dialog';
import { CheckoutReturn } from './checkout-return';
import { CurrentPlan } from './current-plan';
import { InvoicesTable } from '../invoices/invoices-table';
import { PlanChooser } from './plan-chooser';
import { useSubscriptionData } from './use-subscription-data';

/**
 * /company/:companyId/subscription: the plan and its state, the card, plan changes, cancel and
 * resume, and invoices. Owners and admins act; other members read the state only.
 */
export function CompanySubscriptionPage() {
  const { companyId, info } = useCompany();
  const canManage = hasAdminRights(info.role);
  const { details, plans, invoices, refresh, loadDetails } = useSubscriptionData(info, canManage);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const subscription = details.value ?? null;

  const afterChange = async (answer: CompanyInfo, message: string) => {
    void applyCompanyInfoBanners(answer);
    setNotice(message);
    await refresh();
  };

  const updateCard = async () => {
    setNotice(null);
    const portal = await run(() => openBillingPortal(companyId));
    if (portal) window.location.assign(portal.url);
  };

  const cancel = async () => {
    setNotice(null);
    const answer = await run(() => cancelSubscription(companyId));
    setConfirmingCancel(false);
    if (answer) await afterChange(answer, 'The subscription is canceled. It stays active until the end of the period.');
  };

  const resume = async () => {
    setNotice(null);
    const answer = await run(() => resumeSubscription(companyId));
    if (answer) await afterChange(answer, 'The subscription is active again and renews as usual.');
  };

  const changed = (answer: CompanyInfo, plan: Plan) => void afterChange(answer, `The plan is now ${plan.name}.`);

  return (
    <section className="tm-container co-page" data-testid="company-subscription" data-can-manage={canManage}>
      <BillingStyles />
      <h1>Subscription</h1>
      {!canManage ? (
        <p className="co-muted" data-testid="subscription-read-only">
          Only owners and admins can manage the subscription.
        </p>
      ) : null}
      <CheckoutReturn subscription={subscription} reload={loadDetails} />
      <div aria-live="polite">
        <ApiErrorMessage error={error} testId="subscription-error" />
        {notice ? (
          <p className="co-ok" role="status" data-testid="subscription-notice">
            {notice}
          </p>
        ) : null}
      </div>
      {details.error ? (
        <ApiErrorMessage error={details.error} testId="subscription-details-error" />
      ) : details.value === undefined ? (
        <p className="co-muted" aria-busy="true" data-testid="subscription-loading">
          Loading the subscription…
        </p>
      ) : (
        <>
          <CurrentPlan
            subscription={subscription}
            currency={plans.value?.[0]?.currency ?? 'usd'}
            canManage={canManage}
            busy={busy}
            onUpdateCard={() => void updateCard()}
            onCancel={() => setConfirmingCancel(true)}
            onResume={() => void resume()}
          />
          {confirmingCancel && canManage ? (
            <CancelDialog
              planName={subscription?.planName ?? null}
              periodEnd={subscription?.currentPeriodEnd ?? null}
              busy={busy}
              onConfirm={() => void cancel()}
              onClose={() => setConfirmingCancel(false)}
            />
          ) : null}
          <h2>Plans</h2>
          <PlanChooser
            companyId={companyId}
            plans={plans}
            subscription={subscription}
            canManage={canManage}
            onChanged={changed}
          />
        </>
      )}
      {canManage ? (
        <>
          <h2>Invoices</h2>
          <InvoicesTable invoices={invoices} />
        </>
      ) : null}
    </section>
  );
}
