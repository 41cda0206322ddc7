import { renderEmail } from '../src';

const link = 'https://app.example.com/company/c1/subscription';

test('trial ending names the company, the date and links to choosing a plan', () => {
  const email = renderEmail('trial-ending', { firstName: 'Ada', companyName: 'Acme', date: '26 November 2026', link });
  expect(email.subject).toBe('Your Tracemap trial for Acme ends soon');
  expect(email.text).toContain('The free trial of Acme ends on 26 November 2026.');
  expect(email.text).toContain(`Choose a plan: ${link}`);
  expect(email.html).toContain(`href="${link}"`);
});

test('payment failed links to the page where the card is updated', () => {
  const email = renderEmail('payment-failed', { companyName: 'Acme', link });
  expect(email.subject).toBe('Tracemap could not charge the card for Acme');
  expect(email.text).toContain(`Update the card: ${link}`);
});

test('subscription canceled says until when the company stays usable', () => {
  const later = renderEmail('subscription-canceled', { companyName: 'A & B', date: '1 January 2027', link });
  expect(later.text).toContain(
    'It stays usable until 1 January 2027; after that the company can be read but not edited.',
  );
  expect(later.html).toContain('A &amp; B');
  const now = renderEmail('subscription-canceled', { companyName: 'Acme', link });
  expect(now.text).toContain('From now on the company can be read but not edited.');
});
