import { Link } from 'react-router';

export function LearningPage() {
  return (
    <section className="tm-page tm-container">
      <h1>Learning</h1>
      <p>Guides for modelling analytics data well.</p>
      <ul>
        <li>
          <Link to="/learning/core">Core concepts</Link> — attributes, events, views and maps.
        </li>
        <li>
          <Link to="/learning/cdp">Customer data platforms</Link> — getting clean data into your CDP.
        </li>
      </ul>
    </section>
  );
}
