import { create } from 'zustand';

export interface Banner {
  id: string;
  message: string;
  tone?: 'info' | 'warning';
  action?: { label: string; href: string };
}

interface BannerState {
  banners: Banner[];
  /** Adds or replaces (by id) a banner. */
  show: (banner: Banner) => void;
  dismiss: (id: string) => void;
  reset: () => void;
}

export const useBannerStore = create<BannerState>()((set) => ({
  banners: [],
  show: (banner) => set((s) => ({ banners: [...s.banners.filter((b) => b.id !== banner.id), banner] })),
  dismiss: (id) => set((s) => ({ banners: s.banners.filter((b) => b.id !== id) })),
  reset: () => set({ banners: [] }),
}));
