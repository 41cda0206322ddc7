import { LeadForm } from '../../leads/lead-form';
import type { LeadField } from '../../leads/validate';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

const FIELDS: LeadField[] = [
  { name: 'name', label: 'Your name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  {
    name: 'topic',
    label: 'Topic',
    kind: 'select',
    options: ['Product question', 'Pricing', 'Partnership', 'Press', 'Something else'],
  },
  { name: 'message', label: 'Message', kind: 'textarea', required: true },
];

export function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact us"
        description="Questions about Tracemap, pricing or a partnership? Write to the Tracemap team — we answer within one working day."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-contact">
        <div className="mk-split">
          <div>
            <h1>Contact us</h1>
            <p className="mk-lead">
              Questions about Tracemap, pricing or a partnership? Write to us and a person from the team answers within
              one working day.
            </p>
            <LeadForm
              source="contact"
              fields={FIELDS}
              submitLabel="Send message"
              thanks="Your message reached the team. We will answer by email."
            />
          </div>
          <div className="mk-notice">
            <h2 style={{ marginTop: 0 }}>Already a customer?</h2>
            <p>
              Use the bug report and feedback buttons inside the app: they include the page you were on, which helps us
              answer faster.
            </p>
            <p>
              We use what you send only to answer you. See the <a href="/privacy-policy">privacy policy</a>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
