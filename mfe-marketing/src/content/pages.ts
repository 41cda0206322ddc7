/** Copy for the simple marketing pages. */
export interface InfoContent {
  title: string;
  intro: string;
  pending?: string;
}

export const INFO_PAGES: Record<string, InfoContent> = {
  cdp: {
    title: 'Tracemap for customer data platforms',
    intro: 'Model the events and traits that flow into your CDP so every destination receives the same, well-typed data.',
  },
  demo: {
    title: 'Book a demo',
    intro: 'See how a team models its tracking plan in Tracemap, from the first attribute to a shared map.',
    pending: 'Demo booking arrives with the lead-capture release; until then, reach us from the contact page.',
  },
  agency: {
    title: 'Tracemap for agencies',
    intro: 'Run tracking plans for many clients: one company workspace per client, with roles for your team and theirs.',
  },
  contact: {
    title: 'Contact us',
    intro: 'Questions about Tracemap, pricing or a partnership? We would like to hear from you.',
    pending: 'The contact form arrives with the lead-capture release.',
  },
  roadmap: {
    title: 'Roadmap',
    intro: 'What we are building next for Tracemap.',
    pending: 'The public roadmap is published from the admin area in a later release.',
  },
  'about-us': {
    title: 'About us',
    intro: 'Tracemap is built by people who have cleaned up too many analytics implementations, so your team does not have to.',
  },
};
