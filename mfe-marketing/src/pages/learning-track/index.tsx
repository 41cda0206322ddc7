import { PlaceholderPage } from '@tracemap/ui';

const TRACKS = { core: 'Core concepts', cdp: 'Customer data platforms' } as const;

export function LearningTrackPage({ track }: { track: keyof typeof TRACKS }) {
  return <PlaceholderPage title={`Learning: ${TRACKS[track]}`} pending="Guides are published with the content release." />;
}
