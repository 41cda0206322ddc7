import { EventMock } from '../../illustrations/event-mock';
import { LeadForm } from '../../leads/lead-form';
import type { LeadField } from '../../leads/validate';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';

const FIELDS: LeadField[] = [
  { name: 'name', label: 'Your name', kind: 'text', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Work email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'company', label: 'Company', kind: 'text', required: true, autoComplete: 'organization' },
  {
    name: 'role',
    label: 'Your role',
    kind: 'select',
    options: ['Analyst', 'Product manager', 'Developer', 'Agency', 'Other'],
  },
  { name: 'currentTool', label: 'Where does your tracking plan live today?', kind: 'text' },
  { name: 'message', label: 'What would you like to see?', kind: 'textarea' },
];

export function DemoPage() {
  return (
    <>
      <PageMeta
        title="Book a demo"
        description="See how a team models its tracking plan in Tracemap — from the first attribute to a shared map — in a 30-minute call."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-demo">
        <div className="mk-split">
          <div>
            <h1>Book a demo</h1>
            <p className="mk-lead">
              In 30 minutes we model one flow of your product together: the attributes, the events, the views they fire
              on and the map of the journey. Bring your current plan — a spreadsheet is fine — and we show how it
              imports.
            </p>
            <LeadForm
              source="demo"
              fields={FIELDS}
              submitLabel="Request a demo"
              thanks="We will write to you within one working day to find a time."
            />
          </div>
          <EventMock />
        </div>
      </section>
    </>
  );
}
