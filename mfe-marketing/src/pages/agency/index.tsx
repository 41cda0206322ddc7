import { Link } from 'react-router';
import { MapMock } from '../../illustrations/map-mock';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';
import { CardSection } from '../../sections/card-section';

const POINTS = [
  {
    title: 'A workspace per client',
    text: 'Each client is its own company: its own plan, settings, naming case, lint severities and subscription. Nothing leaks between clients.',
  },
  {
    title: 'Roles for both teams',
    text: 'Your analysts as creators, your lead as admin, the client as owner, their developers as viewers who read exactly what to implement.',
  },
  {
    title: 'Sign-off on a map',
    text: 'Share a read-only map preview, or a revocable link that shows only exposed attributes — internal fields stay internal.',
  },
  {
    title: 'A head start',
    text: 'Start a client from the sample e-commerce plan or from your own template, imported as JSON with a diff preview first.',
  },
];

export function AgencyPage() {
  return (
    <>
      <PageMeta
        title="Tracemap for agencies"
        description="Run tracking plans for many clients: one Tracemap workspace per client, roles for your team and theirs, and shared maps for faster sign-off."
      />
      <MarketingStyles />
      <section className="mk-hero" data-testid="page-agency">
        <div className="tm-container mk-hero__grid">
          <div>
            <h1>
              Tracking plans for <span>every client</span>, without the spreadsheet sprawl.
            </h1>
            <p>
              Agencies keep more tracking plans than anyone. Tracemap gives each client a workspace, each person a role,
              and each plan the same checks — so a handover is an export, not an archaeology project.
            </p>
            <div className="mk-ctas">
              <Link to="/demo" className="tm-btn">
                Book a demo
              </Link>
              <Link to="/blog/roles-for-agencies" className="tm-btn tm-btn--ghost">
                How agencies use Tracemap
              </Link>
            </div>
          </div>
          <MapMock />
        </div>
      </section>
      <CardSection cards={POINTS} />
    </>
  );
}
