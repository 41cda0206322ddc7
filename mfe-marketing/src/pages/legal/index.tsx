import { PlaceholderPage } from '@tracemap/ui';

const DOCS = { privacy: 'Privacy policy', terms: 'Terms of service' } as const;

export function LegalPage({ doc }: { doc: keyof typeof DOCS }) {
  return <PlaceholderPage title={DOCS[doc]} pending={`The ${DOCS[doc].toLowerCase()} text is published before the public launch.`} />;
}
