import { INFO_PAGES } from '../../content/pages';

/** A simple marketing page (cdp, demo, agency, contact, roadmap, about-us). */
export function InfoPage({ page }: { page: keyof typeof INFO_PAGES }) {
  const content = INFO_PAGES[page];
  return (
    <section className="tm-page tm-container" data-testid={`info-${page}`}>
      <h1>{content.title}</h1>
      <p>{content.intro}</p>
      {content.pending ? <p className="tm-note">{content.pending}</p> : null}
    </section>
  );
}
