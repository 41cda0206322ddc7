import type { ReactFlowState } from '@xyflow/react';

/** Below this zoom the text would be unreadable; nodes show just their name and edges no label. */
export const DETAIL_ZOOM = 0.5;

// A boolean selector: components re-render when the threshold is crossed, not on every zoom step.
export const zoomedOut = (s: ReactFlowState) => s.transform[2] < DETAIL_ZOOM;
