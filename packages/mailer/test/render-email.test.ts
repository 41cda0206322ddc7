import { renderEmail, TEMPLATES } from '../src';

// Notices to the product team (support messages, website leads) greet the team and carry form fields, not a link.
const TEAM_TEMPLATES: string[] = ['bug-report', 'feedback', 'test-email', 'lead'];

test('every template to a user renders a branded subject, text and html with the link', () => {
  for (const template of TEMPLATES.filter((t) => !TEAM_TEMPLATES.includes(t))) {
    const email = renderEmail(template, {
      link: 'https://app.example.com/x?token=abc&y=1',
      firstName: 'Ada',
      companyName: 'Acme',
      inviterName: 'Bob',
      role: 'creator',
    });
    expect(email.subject).toMatch(/Tracemap/);
    expect(email.html).toContain('Tracemap');
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).not.toMatch(/<[a-z]/i);
    if (template !== 'password-changed') {
      expect(email.text).toContain('https://app.example.com/x?token=abc&y=1');
      expect(email.html).toContain('href="https://app.example.com/x?token=abc&amp;y=1"');
    }
  }
});

test('data is HTML-escaped and only web links become buttons', () => {
  const email = renderEmail('invitation', {
    firstName: '<script>alert(1)</script>',
    companyName: 'A & "B"',
    inviterName: "O'Brien",
    link: 'javascript:alert(1)',
  });
  expect(email.html).not.toContain('<script>');
  expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(email.html).toContain('A &amp; &quot;B&quot;');
  expect(email.html).not.toContain('javascript:');
  expect(email.text).not.toContain('javascript:');
  expect(email.subject).toBe(`O'Brien invited you to A & "B" on Tracemap`);
});

test('the one-time code appears in both parts; unknown templates are refused', () => {
  const email = renderEmail('confirm-email', { otp: '123456' });
  expect(email.text).toContain('123456');
  expect(email.html).toContain('123456');
  expect(email.text).toContain('Hi,');
  expect(() => renderEmail('nope', {})).toThrow(/Unknown email template/);
});

test('a website lead reaches the team with every field, escaped, and says which form sent it', () => {
  const fields = {
    source: 'demo',
    name: 'Grace <b>Hopper</b>',
    email: 'grace@navy.test',
    message: 'Three spreadsheets & counting',
  };
  const email = renderEmail('lead', { fields });
  expect(email.subject).toBe('Demo request from Grace <b>Hopper</b>');
  expect(email.text).toContain('Hi team,');
  expect(email.text).toContain('A visitor sent the demo form on the website.');
  expect(email.text).toContain('email: grace@navy.test');
  expect(email.text).toContain('message: Three spreadsheets & counting');
  expect(email.html).toContain('Grace &lt;b&gt;Hopper&lt;/b&gt;');
  expect(email.html).not.toContain('<b>Hopper');
  expect(renderEmail('lead', { fields: { source: 'contact', email: 'a@b.test' } }).subject).toBe(
    'New message from a@b.test (contact)',
  );
});
