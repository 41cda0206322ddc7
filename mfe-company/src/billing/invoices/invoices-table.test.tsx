import { renderToStaticMarkup } from 'react-dom/server';
import type { Invoice } from '@tracemap/shell-core/subscription';
import { InvoicesTable } from './invoices-table';

const invoice = (id: string, hostedInvoiceUrl: string | null): Invoice => ({
  id,
  number: id,
  status: 'paid',
  amountDue: 9900,
  amountPaid: 9900,
  currency: 'usd',
  created: '2026-08-01T00:00:00Z',
  periodStart: null,
  periodEnd: null,
  hostedInvoiceUrl,
});

test('an invoice links to its page only when the address is http(s)', () => {
  const html = renderToStaticMarkup(
    <InvoicesTable
      invoices={{
        value: [
          invoice('in_1', 'https://invoice.example/i/1'),
          invoice('in_2', 'javascript:alert(document.domain)'),
          invoice('in_3', null),
        ],
        error: null,
      }}
    />,
  );
  expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://invoice.example/i/1']);
  expect(html).not.toContain('javascript:');
});
