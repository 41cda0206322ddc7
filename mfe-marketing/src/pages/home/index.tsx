import { Link } from 'react-router';
import { homeCss } from './styles';

const CONCEPTS = [
  { name: 'Attributes', text: 'Define every property once — type, allowed values, description — and reuse it across events.' },
  { name: 'Events', text: 'Name the actions your product tracks and attach the attributes each one must carry.' },
  { name: 'Views', text: 'Slice the plan for a team, a platform or a release so everyone sees what matters to them.' },
  { name: 'Maps', text: 'Draw how events flow through your product, so funnels are designed before they are built.' },
];

const ROWS = [
  ['Where the plan lives', 'One shared model per company, not a spreadsheet per team'],
  ['Who edits it', 'Members with roles: owners, admins and contributors'],
  ['How it is reviewed', 'Views and maps make changes readable for product and engineering'],
  ['What it plugs into', 'Your existing analytics and customer-data tools'],
];

export function HomePage() {
  return (
    <>
      <style href="mk-home" precedence="default">
        {homeCss}
      </style>
      <section className="mk-hero">
        <div className="tm-container">
          <h1 data-testid="home-heading">
            Tracemap: your analytics tracking plan, <span>modelled</span>.
          </h1>
          <p>
            Design the attributes, events, views and maps behind your product analytics in one place, share them with your
            company, and give engineers a plan they can implement without guessing.
          </p>
          <div className="mk-ctas">
            <Link to="/register" className="tm-btn">
              Start free
            </Link>
            <Link to="/demo" className="tm-btn tm-btn--ghost">
              Book a demo
            </Link>
          </div>
        </div>
      </section>

      <section className="mk-section">
        <div className="tm-container">
          <h2>Four building blocks</h2>
          <p className="mk-lead">Tracemap models analytics data the way your team talks about it.</p>
          <div className="mk-grid">
            {CONCEPTS.map((c) => (
              <article key={c.name} className="mk-card">
                <h3>{c.name}</h3>
                <p>{c.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container">
          <h2>From idea to clean data</h2>
          <ol className="mk-steps">
            <li>
              <strong>Model</strong>
              <p>Product managers describe events and attributes in plain language.</p>
            </li>
            <li>
              <strong>Review</strong>
              <p>Engineering and analytics agree on names and types before code is written.</p>
            </li>
            <li>
              <strong>Ship</strong>
              <p>Everyone works from the same plan, so dashboards trust what arrives.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container">
          <h2>Coming from Avo, Amplitude Data or Segment Protocols?</h2>
          <p className="mk-lead">
            The ideas will feel familiar: a tracking plan as the source of truth. Tracemap focuses on modelling it together.
          </p>
          <table className="mk-compare">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">With Tracemap</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([q, a]) => (
                <tr key={q}>
                  <th scope="row">{q}</th>
                  <td>{a}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container">
          <div className="mk-band">
            <h2>Bring your tracking plan into one place.</h2>
            <Link to="/pricing" className="tm-btn">
              See pricing
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
