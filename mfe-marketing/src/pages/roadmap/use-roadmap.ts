import { useEffect, useState } from 'react';
import { apiFetch } from '@tracemap/shell-core';
import type { PublicRoadmapAnswer, PublicRoadmapItem } from '@tracemap/contracts';

export type RoadmapState =
  { status: 'loading' } | { status: 'ready'; items: PublicRoadmapItem[] } | { status: 'unavailable' };

/** Published roadmap items (no login needed). */
export function useRoadmap(): RoadmapState {
  const [state, setState] = useState<RoadmapState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<PublicRoadmapAnswer>('/api/account/roadmap', { token: null, signal: controller.signal })
      .then(({ items }) => setState({ status: 'ready', items }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, []);
  return state;
}
