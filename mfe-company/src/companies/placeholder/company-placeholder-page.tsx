import { useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export type PlaceholderSection = 'subscription' | 'attributes' | 'events' | 'views' | 'maps';

const TEXT: Record<PlaceholderSection, { title: string; text: string; pending: string }> = {
  subscription: {
    title: 'Subscription',
    text: 'Your plan, payment method and invoices.',
    pending: 'Subscription management arrives with the billing release.',
  },
  attributes: {
    title: 'Attributes',
    text: 'The properties your events and users carry.',
    pending: 'Attributes arrive with the data-model release.',
  },
  events: {
    title: 'Events',
    text: 'The events your product tracks, and which attributes they carry.',
    pending: 'Events arrive with the data-model release.',
  },
  views: {
    title: 'Views',
    text: 'Saved selections of your tracking plan.',
    pending: 'Views arrive with the data-model release.',
  },
  maps: {
    title: 'Maps',
    text: 'Visual maps of how events flow through your product.',
    pending: 'Maps arrive with the data-model release.',
  },
};

/** Company pages whose feature is not built yet; they say what they are (detail pages pass `itemParam`). */
export function CompanyPlaceholderPage({ section, itemParam }: { section: PlaceholderSection; itemParam?: string }) {
  const params = useParams();
  const item = itemParam ? params[itemParam] : undefined;
  const { title, text, pending } = TEXT[section];
  return <PlaceholderPage title={item ? `${title}: ${item}` : title} description={text} pending={pending} />;
}
