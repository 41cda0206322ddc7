import { PlaceholderPage } from '@tracemap/ui';

export function BlogPage() {
  return <PlaceholderPage title="Blog" description="Notes on tracking plans, data quality and product analytics." pending="Blog posts are published with the content release." />;
}
