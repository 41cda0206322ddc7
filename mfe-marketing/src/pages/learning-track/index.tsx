import { Link } from 'react-router';
import { TRACKS } from '../../content/library';
import type { TrackId } from '../../content/types';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

export function LearningTrackPage({ track }: { track: TrackId }) {
  const { title, intro, articles } = TRACKS[track];
  return (
    <>
      <PageMeta title={`Learning: ${title}`} description={intro} />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid={`track-${track}`}>
        <p className="mk-meta">
          <Link to="/learning">Learning</Link>
        </p>
        <h1>{title}</h1>
        <p className="mk-lead">{intro}</p>
        <ol className="mk-list" style={{ listStyle: 'none', padding: 0 }}>
          {articles.map((a, i) => (
            <li key={a.slug} className="mk-card" style={{ marginBottom: 12 }} data-testid="track-article">
              <p className="mk-meta" style={{ margin: 0 }}>
                Part {i + 1}
              </p>
              <h3>
                <Link to={`/learning/${track}/${a.slug}`}>{a.title}</Link>
              </h3>
              <p>{a.summary}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
