import { PlaceholderPage } from '@tracemap/ui';

export function AdminEmailPage() {
  return <PlaceholderPage title="Email outbox" description="Every email the product queued, with its delivery state." pending="The outbox viewer arrives with the mailer release." />;
}
