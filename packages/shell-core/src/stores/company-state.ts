import { create } from 'zustand';

interface CompanyState {
  currentCompanyId: string | null;
  setCurrentCompanyId: (id: string | null) => void;
  reset: () => void;
}

export const useCompanyStore = create<CompanyState>()((set) => ({
  currentCompanyId: null,
  setCurrentCompanyId: (currentCompanyId) => set({ currentCompanyId }),
  reset: () => set({ currentCompanyId: null }),
}));
