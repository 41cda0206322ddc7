import { Link } from 'react-router';
import type { PublicRoadmapItem, RoadmapStatus } from '@tracemap/contracts';
import { MarkdownView } from '../../markdown';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';
import { useRoadmap } from './use-roadmap';

const COLUMNS: Array<{ status: RoadmapStatus; title: string; empty: string }> = [
  { status: 'in_progress', title: 'In progress', empty: 'Nothing in progress right now.' },
  { status: 'planned', title: 'Planned', empty: 'Nothing planned yet.' },
  { status: 'shipped', title: 'Shipped', empty: 'Nothing shipped yet.' },
];

function Column({
  title,
  empty,
  items,
  status,
}: {
  title: string;
  empty: string;
  items: PublicRoadmapItem[];
  status: RoadmapStatus;
}) {
  return (
    <section className="mk-column" data-testid={`roadmap-${status}`}>
      <h2>
        {title} <span className="mk-chip mk-chip--muted">{items.length}</span>
      </h2>
      {items.length === 0 ? <p className="mk-meta">{empty}</p> : null}
      {items.map((item) => (
        <article key={item.id} className="mk-card" style={{ marginBottom: 12 }} data-testid="roadmap-item">
          <h3>{item.title}</h3>
          <MarkdownView source={item.description} />
        </article>
      ))}
    </section>
  );
}

export function RoadmapPage() {
  const state = useRoadmap();
  return (
    <>
      <PageMeta
        title="Roadmap"
        description="What the Tracemap team is building now, what is planned next and what has shipped."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-roadmap">
        <h1>Roadmap</h1>
        <p className="mk-lead">
          What we are building now, what comes next and what has shipped. Missing something?{' '}
          <Link to="/contact">Tell us</Link>.
        </p>
        {state.status === 'loading' ? <p className="mk-meta">Loading the roadmap…</p> : null}
        {state.status === 'unavailable' ? (
          <div className="mk-notice" data-testid="roadmap-unavailable">
            The roadmap could not be loaded just now. Please try again in a moment.
          </div>
        ) : null}
        {state.status === 'ready' && state.items.length === 0 ? (
          <div className="mk-notice" data-testid="roadmap-empty">
            No roadmap items are published yet.
          </div>
        ) : null}
        {state.status === 'ready' && state.items.length > 0 ? (
          <div className="mk-columns">
            {COLUMNS.map((c) => (
              <Column
                key={c.status}
                {...c}
                items={state.items.filter((i) => i.status === c.status).sort((a, b) => a.position - b.position)}
              />
            ))}
          </div>
        ) : null}
      </section>
    </>
  );
}
