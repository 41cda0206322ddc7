import type { DestinationPreviewAnswer, OperationAction } from '@tracemap/contracts';

const GROUPS: { action: OperationAction; label: string }[] = [
  { action: 'create', label: 'Created' },
  { action: 'update', label: 'Updated' },
  { action: 'delete', label: 'Deleted' },
];
const SHOWN = 50;

/** What a push would do: the operations grouped by create, update and delete, and the destination's warnings. */
export function PreviewPanel({ preview }: { preview: DestinationPreviewAnswer }) {
  return (
    <div data-testid="destination-preview" data-operations={preview.operations.length}>
      <h3>Preview</h3>
      <p data-testid="preview-summary">
        {preview.operations.length === 0
          ? 'Nothing to push: the destination already matches the plan.'
          : `${preview.counts.create} to create, ${preview.counts.update} to update, ${preview.counts.delete} to delete in ${preview.writeCalls} write call${preview.writeCalls === 1 ? '' : 's'} (${preview.mode} mode).`}
      </p>
      {GROUPS.map(({ action, label }) => {
        const operations = preview.operations.filter((op) => op.action === action);
        if (operations.length === 0) return null;
        return (
          <details key={action} data-testid={`preview-${action}`} open={operations.length <= 20}>
            <summary>
              {label} ({operations.length})
            </summary>
            <ul className="co-list">
              {operations.slice(0, SHOWN).map((op) => (
                <li key={`${op.target}:${op.key}`}>
                  {op.target} <code>{op.key}</code>
                </li>
              ))}
              {operations.length > SHOWN ? <li className="co-muted">and {operations.length - SHOWN} more</li> : null}
            </ul>
          </details>
        );
      })}
      {preview.warnings.length > 0 ? (
        <div data-testid="preview-warnings">
          <h4>Warnings ({preview.warnings.length})</h4>
          <ul className="co-list">
            {preview.warnings.slice(0, SHOWN).map((warning, index) => (
              <li key={index}>
                {warning.subject ? <code>{warning.subject}</code> : null} {warning.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
