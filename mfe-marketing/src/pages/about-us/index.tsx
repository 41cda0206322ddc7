import { Link } from 'react-router';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

export function AboutUsPage() {
  return (
    <>
      <PageMeta
        title="About us"
        description="Tracemap is built by people who have cleaned up too many analytics implementations. Why we build it and how we work."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-article" data-testid="page-about-us">
        <h1>About us</h1>
        <div className="mk-prose">
          <p>
            Tracemap is built by analysts and engineers who have spent too many evenings reconciling{' '}
            <code>orderId</code> with <code>order_id</code>. Every one of us has inherited a tracking plan that lived in
            a spreadsheet, three wikis and the memory of someone who had left.
          </p>
          <p>
            We think the plan deserves to be a real model: attributes defined once, events that link to them, the pages
            and journeys they belong to, checked on every save and readable by machines. And we think it should be
            written together — analysts, product managers, developers and agencies, each with a role that fits what they
            do.
          </p>
          <h2>How we work</h2>
          <ul>
            <li>
              <strong>Open formats.</strong> Your plan goes in and out as JSON, CSV and JSON Schema. You are never
              locked in.
            </li>
            <li>
              <strong>Honest comparisons.</strong> Where another tool suits you better, we say so.
            </li>
            <li>
              <strong>A public roadmap.</strong> What we plan, build and ship is on the{' '}
              <Link to="/roadmap">roadmap</Link>.
            </li>
            <li>
              <strong>Our own analytics, minimal.</strong> We measure how Tracemap is used with our own collector, after
              your consent, with truncated IP addresses and no third-party scripts.
            </li>
          </ul>
          <p>
            Questions, ideas or a partnership in mind? <Link to="/contact">Write to us</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
