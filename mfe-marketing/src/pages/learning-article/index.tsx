import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function LearningArticlePage({ track }: { track: 'core' | 'cdp' }) {
  const { slug } = useParams();
  return (
    <PlaceholderPage title={`Guide: ${slug ?? ''}`} pending="Guides are published with the content release.">
      <p>
        <Link to={`/learning/${track}`}>Back to the guides</Link>
      </p>
    </PlaceholderPage>
  );
}
