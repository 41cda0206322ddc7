import { createContext, useContext } from 'react';
import type { CompanyInfo } from '@tracemap/shell-core';

export interface CompanyContextValue {
  companyId: string;
  info: CompanyInfo;
  /** Reads company info again (after a change, or to see someone else's). */
  reload: () => Promise<void>;
}

export const CompanyContext = createContext<CompanyContextValue | null>(null);

export function useCompany(): CompanyContextValue {
  const value = useContext(CompanyContext);
  if (!value) throw new Error('useCompany must be used inside CompanyLayout');
  return value;
}
