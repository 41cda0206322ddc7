import { renderEmail, TEMPLATES } from '../src';

test('every template renders a branded subject, text and html with the link', () => {
  for (const template of TEMPLATES) {
    const email = renderEmail(template, { link: 'https://app.example.com/x?token=abc&y=1', firstName: 'Ada', companyName: 'Acme', inviterName: 'Bob', role: 'creator' });
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
