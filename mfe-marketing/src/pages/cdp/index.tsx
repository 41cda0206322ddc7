import { Link } from 'react-router';
import { EventMock } from '../../illustrations/event-mock';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';
import { CardSection } from '../../sections/card-section';

const STEPS = [
  {
    title: 'Model',
    text: 'Events, their attributes and validation in one plan, with system attributes for the common fields every event carries.',
  },
  {
    title: 'Export',
    text: 'A draft-07 JSON Schema per event, or a bundle grouped as TRACK, PAGE, SCREEN, IDENTIFY and COMMON rules.',
  },
  {
    title: 'Enforce',
    text: 'Load the schemas into your CDP’s data plan or your pipeline’s tests, flag violations first, then block.',
  },
];

export function CdpPage() {
  return (
    <>
      <PageMeta
        title="Tracemap for customer data platforms"
        description="Model the events and traits that flow into your CDP once, then export JSON Schema for Segment Protocols, mParticle or RudderStack data plans."
      />
      <MarketingStyles />
      <section className="mk-hero" data-testid="page-cdp">
        <div className="tm-container mk-hero__grid">
          <div>
            <h1>
              One tracking plan for <span>every destination</span> of your CDP.
            </h1>
            <p>
              A customer data platform forwards each event to many tools, so one bad event breaks many reports. Tracemap
              keeps the plan behind those events typed, reviewed and exportable as the JSON Schema your CDP’s data plan
              understands.
            </p>
            <div className="mk-ctas">
              <Link to="/register" className="tm-btn">
                Start free
              </Link>
              <Link to="/learning/cdp" className="tm-btn tm-btn--ghost">
                Read the CDP guides
              </Link>
            </div>
          </div>
          <EventMock />
        </div>
      </section>
      <CardSection title="From plan to data plan in three steps" cards={STEPS} threeColumns />
      <section className="mk-section" style={{ paddingTop: 0 }}>
        <div className="tm-container mk-split">
          <div>
            <h2>Traits and events kept apart</h2>
            <ul className="mk-list">
              <li>
                <strong>User</strong> and <strong>group</strong> attributes never attach to events; they export as
                identify and group traits.
              </li>
              <li>
                <strong>System</strong> attributes are the common fields of every event — app version, locale, consent
                state.
              </li>
              <li>Personal-data flags show your privacy review exactly which fields hold personal data.</li>
              <li>
                Names are folded before comparison, so two spellings can never become two columns in a destination.
              </li>
            </ul>
          </div>
          <div>
            <h2>What Tracemap does not do</h2>
            <p className="mk-lead">
              Tracemap is not in your event stream: it does not block events itself. It gives your CDP the rules to do
              so, and keeps those rules in one reviewed place, whichever CDP you use today or tomorrow.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
