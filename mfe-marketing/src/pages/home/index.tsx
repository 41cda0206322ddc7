import { Link } from 'react-router';
import { EventMock } from '../../illustrations/event-mock';
import { MapMock } from '../../illustrations/map-mock';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';
import { CardSection } from '../../sections/card-section';

const CONCEPTS = [
  {
    title: 'Attributes',
    text: 'Define every property once — scope, type, validation, origin, personal-data flag — and reuse it across events.',
  },
  { title: 'Events', text: 'Name what your product records and link the attributes each event must or may carry.' },
  { title: 'Views', text: 'Pages, screens and modals with their own attributes and the events that fire on them.' },
  { title: 'Maps', text: 'Journeys across views, with the events that move users from one step to the next.' },
];

const AUDIENCES = [
  {
    title: 'Analysts',
    text: 'Know which event answers which question, and trust that every property means one thing.',
  },
  {
    title: 'Product managers',
    text: 'Draft the plan of a feature on a map, in plain language, before a line of code is written.',
  },
  {
    title: 'Developers',
    text: 'Get the exact name, properties, types and presence of every event — plus a JSON Schema to test against.',
  },
  { title: 'Agencies', text: 'One workspace per client, roles for both teams, and a shared map for sign-off.' },
];

const ROWS = [
  ['Reusable attribute library with scopes', 'Yes', 'Partly', 'Partly', 'Per event'],
  ['Views and journey maps', 'Yes', 'No', 'No', 'No'],
  [
    'Inherited attributes with their source',
    'System, map, view, event',
    'Via property bundles',
    'Via property groups',
    'Common schema',
  ],
  [
    'Lint on every save, severities per company',
    'Yes',
    'Naming guidelines and checks',
    'Schema checks',
    'Schema violations on ingest',
  ],
  ['JSON Schema per event, CSV, lossless JSON', 'Yes', 'Export options', 'Export options', 'JSON Schema'],
  [
    'Blocks bad events in the pipeline',
    'No — export the schema to your CDP',
    'Reports issues (Inspector)',
    'Inside Amplitude',
    'Yes',
  ],
  ['Generates SDK code', 'Not yet', 'Yes (Codegen)', 'Yes (Ampli)', 'Typewriter'],
];

export function HomePage() {
  return (
    <>
      <PageMeta
        title="Tracemap — your analytics tracking plan, modelled together"
        description="Tracemap is where analysts, product managers and developers model their analytics tracking plan: attributes, events, views and maps, with inheritance, lint, JSON Schema and roles."
      />
      <MarketingStyles />
      <section className="mk-hero">
        <div className="tm-container mk-hero__grid">
          <div>
            <h1 data-testid="home-heading">
              Tracemap: your analytics tracking plan, <span>modelled together</span>.
            </h1>
            <p>
              Tracemap is where a team writes down what its product tracks — attributes, events, views and maps — checks
              it on every save, and hands developers a plan they can implement without guessing.
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
          <EventMock />
        </div>
      </section>

      <CardSection
        title="Four building blocks"
        lead="Tracemap models analytics data the way your team already talks about it."
        cards={CONCEPTS}
      />

      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container mk-split">
          <div>
            <h2>See the journey, not just the list</h2>
            <p className="mk-lead">
              Maps put events on the paths users take. A step without an event is a step you cannot measure — you see it
              at once. With attribute inheritance on, context such as <code>page_category</code> is declared once on a
              view and reaches every event there, and each event shows where every attribute came from.
            </p>
            <Link to="/learning/core/views-and-maps">How views and maps work →</Link>
          </div>
          <MapMock />
        </div>
      </section>

      <CardSection title="Built for the people who touch the data" cards={AUDIENCES} flush />

      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container">
          <h2>Coming from Avo, Amplitude Data or Segment Protocols?</h2>
          <p className="mk-lead">
            They are good tools, each strongest in its own place. Tracemap focuses on modelling the plan together and
            keeping it tool-neutral. <Link to="/blog/tracemap-vs-avo-amplitude-segment">Read the full comparison</Link>.
          </p>
          <div style={{ overflowX: 'auto' }} data-scroll>
            <table className="mk-compare">
              <thead>
                <tr>
                  <th scope="col">&nbsp;</th>
                  <th scope="col">Tracemap</th>
                  <th scope="col">Avo</th>
                  <th scope="col">Amplitude Data</th>
                  <th scope="col">Segment Protocols</th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map(([q, ...cells]) => (
                  <tr key={q}>
                    <th scope="row">{q}</th>
                    {cells.map((c, i) => (
                      <td key={i}>{c}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
