import { Link, useParams } from 'react-router';
import { findPost } from '../../content/library';
import { MarkdownView } from '../../markdown';
import { NotFound } from '../../not-found';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

export function BlogPostPage() {
  const post = findPost(useParams().slug);
  if (!post) return <NotFound />;
  return (
    <>
      <PageMeta title={post.title} description={post.summary} />
      <MarketingStyles />
      <article className="tm-page tm-container mk-article" data-testid="blog-post">
        <p className="mk-meta">
          <Link to="/blog">Blog</Link> · {post.date} · {post.author}
        </p>
        <h1>{post.title}</h1>
        <div className="mk-tags">
          {post.tags.map((t) => (
            <Link key={t} className="mk-tag" to={`/blog?tag=${encodeURIComponent(t)}`}>
              {t}
            </Link>
          ))}
        </div>
        <MarkdownView source={post.body} />
      </article>
    </>
  );
}
