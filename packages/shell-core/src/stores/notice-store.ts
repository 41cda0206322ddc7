import { create } from 'zustand';

/**
 * A one-off message for the next auth page (e.g. 'Your session has expired. Please log in
 * again.' after a 401, or the password-reset-required notice after login). Survives resetStores.
 */
interface NoticeState {
  notice: string | null;
  setNotice: (notice: string | null) => void;
  /** Reads the notice and clears it. */
  take: () => string | null;
}

export const useNoticeStore = create<NoticeState>()((set, get) => ({
  notice: null,
  setNotice: (notice) => set({ notice }),
  take: () => {
    const { notice } = get();
    if (notice) set({ notice: null });
    return notice;
  },
}));
