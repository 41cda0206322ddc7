import { Link, useSearchParams } from 'react-router';
import { allTags, BLOG_POSTS } from '../../content/library';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

export function BlogPage() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const posts = tag ? BLOG_POSTS.filter((p) => p.tags.includes(tag)) : BLOG_POSTS;
  const choose = (next: string | null) => setParams(next ? { tag: next } : {}, { replace: true });
  return (
    <>
      <PageMeta
        title="Blog"
        description="Notes from the Tracemap team on tracking plans, naming, lint, data quality and product analytics."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-blog">
        <h1>Blog</h1>
        <p className="mk-lead">Notes on tracking plans, data quality and product analytics.</p>
        <div className="mk-tags" role="group" aria-label="Filter by tag">
          <button type="button" className="mk-tag" aria-pressed={tag === null} onClick={() => choose(null)}>
            All
          </button>
          {allTags().map((t) => (
            <button
              key={t}
              type="button"
              className="mk-tag"
              aria-pressed={tag === t}
              onClick={() => choose(t)}
              data-testid={`blog-tag-${t}`}
            >
              {t}
            </button>
          ))}
        </div>
        <div className="mk-grid mk-grid--3" data-testid="blog-list">
          {posts.map((p) => (
            <article key={p.slug} className="mk-card" data-testid="blog-card">
              <p className="mk-meta" style={{ margin: '0 0 6px' }}>
                {p.date} · {p.author}
              </p>
              <h3>
                <Link to={`/blog/${p.slug}`}>{p.title}</Link>
              </h3>
              <p>{p.summary}</p>
            </article>
          ))}
          {posts.length === 0 ? <p>No posts with this tag yet.</p> : null}
        </div>
      </section>
    </>
  );
}
