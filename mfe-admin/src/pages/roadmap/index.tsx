import { PlaceholderPage } from '@tracemap/ui';

export function AdminRoadmapPage() {
  return <PlaceholderPage title="Roadmap editor" description="Edit the items shown on the public roadmap." pending="The roadmap editor arrives with a later admin release." />;
}
