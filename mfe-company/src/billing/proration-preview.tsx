import type { SubscriptionPreview } from '@tracemap/shell-core/subscription';
import { formatDate, formatMoney } from './format';

/** What a plan change costs now: the provider's prorated lines, the total due and the next invoice date. */
export function ProrationPreview({ preview }: { preview: SubscriptionPreview }) {
  return (
    <div data-testid="proration-preview">
      <table className="co-table">
        <tbody>
          {preview.lines.map((line, i) => (
            <tr key={i} data-testid="preview-line">
              <td>{line.description}</td>
              <td style={{ textAlign: 'right' }}>{formatMoney(line.amount, preview.currency)}</td>
            </tr>
          ))}
          <tr className="bi-total">
            <td>Amount due</td>
            <td style={{ textAlign: 'right' }} data-testid="preview-amount-due">
              {formatMoney(preview.amountDue, preview.currency)}
            </td>
          </tr>
        </tbody>
      </table>
      {preview.nextInvoiceDate ? (
        <p className="co-muted" data-testid="preview-next-invoice">
          Next invoice on {formatDate(preview.nextInvoiceDate)}.
        </p>
      ) : null}
    </div>
  );
}
