import { safeHref } from '@tracemap/shell-core';
import type { Invoice } from '@tracemap/shell-core/subscription';
import { ApiErrorMessage } from '../../components/api-error';
import { formatDate, formatMoney } from '../format';
import type { Loaded } from '../subscription/use-subscription-data';

const STATUS_LABELS: Record<string, string> = {
  paid: 'Paid',
  open: 'Open',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** The company's invoices, newest first, each linking to the provider's page for it. */
export function InvoicesTable({ invoices }: { invoices: Loaded<Invoice[]> }) {
  if (invoices.error) return <ApiErrorMessage error={invoices.error} testId="invoices-error" />;
  if (!invoices.value) {
    return (
      <p className="co-muted" aria-busy="true">
        Loading invoices…
      </p>
    );
  }
  if (invoices.value.length === 0) {
    return (
      <p className="co-muted" data-testid="invoices-empty">
        No invoices yet.
      </p>
    );
  }
  return (
    <table className="co-table" data-testid="invoices">
      <thead>
        <tr>
          <th>Date</th>
          <th>Number</th>
          <th>Amount</th>
          <th>Status</th>
          <th>
            <span className="co-sr-only">Link</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.value.map((inv) => (
          <tr key={inv.id} data-testid="invoice-row" data-status={inv.status ?? ''}>
            <td>{formatDate(inv.created)}</td>
            <td>{inv.number ?? '—'}</td>
            <td>{formatMoney(inv.status === 'paid' ? inv.amountPaid : inv.amountDue, inv.currency)}</td>
            <td>{inv.status ? (STATUS_LABELS[inv.status] ?? inv.status) : '—'}</td>
            <td>
              {safeHref(inv.hostedInvoiceUrl) ? (
                <a href={safeHref(inv.hostedInvoiceUrl)} target="_blank" rel="noopener noreferrer">
                  View
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
