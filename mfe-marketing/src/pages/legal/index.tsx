import privacy from '../../../content/legal/privacy-policy.md';
import terms from '../../../content/legal/terms-of-service.md';
import { MarkdownView } from '../../markdown';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

const DOCS = { privacy, terms } as const;

export function LegalPage({ doc }: { doc: keyof typeof DOCS }) {
  const { attributes, body } = DOCS[doc];
  const title = String(attributes.title);
  return (
    <>
      <PageMeta title={title} description={String(attributes.summary)} />
      <MarketingStyles />
      <article className="tm-page tm-container mk-article" data-testid={`page-${doc}`}>
        <h1>{title}</h1>
        <p className="mk-meta">Last updated {String(attributes.date)}</p>
        <MarkdownView source={body} />
      </article>
    </>
  );
}
