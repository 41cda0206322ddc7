import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function BlogPostPage() {
  const { slug } = useParams();
  return (
    <PlaceholderPage title={`Blog: ${slug ?? ''}`} pending="Blog posts are published with the content release.">
      <p>
        <Link to="/blog">Back to the blog</Link>
      </p>
    </PlaceholderPage>
  );
}
