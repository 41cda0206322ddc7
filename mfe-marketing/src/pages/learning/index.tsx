import { Link } from 'react-router';
import { TRACKS } from '../../content/library';
import type { TrackId } from '../../content/types';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

const ORDER: TrackId[] = ['core', 'cdp'];

export function LearningPage() {
  return (
    <>
      <PageMeta
        title="Learning"
        description="Guides for modelling analytics data well: tracking-plan basics, naming, inheritance, views and maps, CDP data plans and data quality."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-learning">
        <h1>Learning</h1>
        <p className="mk-lead">
          Two short tracks, read in order: how a tracking plan is built, and how it feeds a customer data platform.
        </p>
        <div className="mk-split">
          {ORDER.map((id) => (
            <article key={id} className="mk-card">
              <h2 style={{ marginTop: 0 }}>
                <Link to={`/learning/${id}`}>{TRACKS[id].title}</Link>
              </h2>
              <p>{TRACKS[id].intro}</p>
              <ol className="mk-list">
                {TRACKS[id].articles.map((a) => (
                  <li key={a.slug}>
                    <Link to={`/learning/${id}/${a.slug}`}>{a.title}</Link>
                  </li>
                ))}
              </ol>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
