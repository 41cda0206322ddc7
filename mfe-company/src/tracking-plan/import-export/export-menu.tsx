import { useEffect, useRef, useState } from 'react';
import { exportTrackingPlan, type ExportFormat } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { downloadText } from '../ui/download';

const FORMATS: { format: ExportFormat; label: string; extension: string; type: string }[] = [
  { format: 'native', label: 'Tracemap plan (JSON)', extension: 'tracking-plan.json', type: 'application/json' },
  { format: 'csv', label: 'Spreadsheet (CSV)', extension: 'tracking-plan.csv', type: 'text/csv' },
  { format: 'json-schema', label: 'JSON Schema bundle', extension: 'schemas.json', type: 'application/json' },
];

const fileSafe = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'company';

/** Export the whole plan as a file: the lossless native JSON, CSV for spreadsheets, or JSON Schemas. */
export function ExportMenu() {
  const { companyId, info } = useCompany();
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);

  // A disclosure stays open until toggled; a menu should also close on a click elsewhere or Esc.
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event.type === 'mousedown' && menu.current?.contains(event.target as Node)) return;
      if (menu.current) menu.current.open = false;
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function download(entry: (typeof FORMATS)[number]) {
    setBusy(entry.format);
    setError(null);
    try {
      const text = await exportTrackingPlan(companyId, entry.format);
      downloadText(`${fileSafe(info.company.name)}-${entry.extension}`, text, entry.type);
      if (menu.current) menu.current.open = false;
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <details className="tp-menu" ref={menu} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="export-menu">
        <summary className="tm-btn tm-btn--ghost">Export</summary>
        <div className="tp-menu-items" role="group" aria-label="Export formats">
          {FORMATS.map((f) => (
            <button
              key={f.format}
              type="button"
              disabled={busy !== null}
              onClick={() => void download(f)}
              data-testid={`export-${f.format}`}
            >
              {busy === f.format ? 'Preparing…' : f.label}
            </button>
          ))}
        </div>
      </details>
      <ApiErrorMessage error={error} testId="export-error" />
    </div>
  );
}
