import { useCallback, useEffect, useState } from 'react';
import { applyBillingBanners } from '@tracemap/shell-core/billing-banners';
import {
  getSubscriptionDetails,
  listInvoices,
  listPlans,
  type Invoice,
  type Plan,
  type SubscriptionDetails,
} from '@tracemap/shell-core/subscription';
import { type CompanyInfo } from '@tracemap/shell-core';

/** A value being read: undefined while loading; error keeps the failure to show its message. */
export interface Loaded<T> {
  value: T | undefined;
  error: unknown;
}

const loading = <T>(): Loaded<T> => ({ value: undefined, error: null });

/**
 * Reads what the subscription page shows: the subscription's details (any member), the plan
 * catalogue, and the invoices (owners and admins only; others would get 403). Each part loads
 * and fails on its own so one failing call still leaves the rest of the page usable.
 */
export function useSubscriptionData(info: CompanyInfo, canManage: boolean) {
  const companyId = info.company.id;
  const [details, setDetails] = useState<Loaded<SubscriptionDetails | null>>(loading);
  const [plans, setPlans] = useState<Loaded<Plan[]>>(loading);
  const [invoices, setInvoices] = useState<Loaded<Invoice[]>>(loading);

  const loadDetails = useCallback(async (): Promise<SubscriptionDetails | null | undefined> => {
    try {
      const value = await getSubscriptionDetails(companyId);
      setDetails({ value, error: null });
      // The details call asks the subscription service itself, so it is fresher than company info
      // (which may be a moment old): let the banners follow what this page shows.
      applyBillingBanners({
        companyId,
        companyName: info.company.name,
        role: info.role,
        subscription: value
          ? {
              status: value.status,
              cardExpirationMonth: value.card?.expMonth ?? null,
              cardExpirationYear: value.card?.expYear ?? null,
            }
          : null,
      });
      return value;
    } catch (error) {
      setDetails({ value: undefined, error });
      return undefined;
    }
  }, [companyId, info.company.name, info.role]);

  const loadInvoices = useCallback(async () => {
    if (!canManage) return;
    try {
      setInvoices({ value: await listInvoices(companyId), error: null });
    } catch (error) {
      setInvoices({ value: undefined, error });
    }
  }, [companyId, canManage]);

  useEffect(() => {
    void loadDetails();
  }, [loadDetails]);

  useEffect(() => {
    void loadInvoices();
  }, [loadInvoices]);

  useEffect(() => {
    const abort = new AbortController();
    listPlans(abort.signal).then(
      (value) => setPlans({ value, error: null }),
      (error: unknown) => {
        if (!abort.signal.aborted) setPlans({ value: undefined, error });
      },
    );
    return () => abort.abort();
  }, []);

  /** After a change: the subscription and its invoices as they are now. */
  const refresh = useCallback(async () => {
    const [value] = await Promise.all([loadDetails(), loadInvoices()]);
    return value;
  }, [loadDetails, loadInvoices]);

  return { details, plans, invoices, refresh, loadDetails };
}
