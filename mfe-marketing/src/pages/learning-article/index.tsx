import { Link, useParams } from 'react-router';
import { findArticle, TRACKS } from '../../content/library';
import type { TrackId } from '../../content/types';
import { MarkdownView } from '../../markdown';
import { NotFound } from '../../not-found';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

export function LearningArticlePage({ track }: { track: TrackId }) {
  const article = findArticle(track, useParams().slug);
  if (!article) return <NotFound />;
  const list = TRACKS[track].articles;
  const next = list[list.indexOf(article) + 1];
  return (
    <>
      <PageMeta title={article.title} description={article.summary} />
      <MarketingStyles />
      <article className="tm-page tm-container mk-article" data-testid="learning-article">
        <p className="mk-meta">
          <Link to="/learning">Learning</Link> · <Link to={`/learning/${track}`}>{TRACKS[track].title}</Link> · Part{' '}
          {list.indexOf(article) + 1} of {list.length}
        </p>
        <h1>{article.title}</h1>
        <MarkdownView source={article.body} />
        {next ? (
          <p className="mk-notice" style={{ marginTop: 32 }}>
            Next: <Link to={`/learning/${track}/${next.slug}`}>{next.title}</Link>
          </p>
        ) : null}
      </article>
    </>
  );
}
