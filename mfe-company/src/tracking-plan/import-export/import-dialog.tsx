import { useEffect, useState } from 'react';
import { Button } from '@tracemap/ui';
import { importTrackingPlan, type ImportDiff, type ImportFormat } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { Dialog } from '../ui/dialog';
import { ImportDiffView } from './import-diff';

export interface ImportSource {
  text: string;
  format: ImportFormat;
  /** The file's name, or what the plan is ("the example e-commerce plan"). */
  label: string;
}

/** CSV by extension or type; anything else is read as the native JSON plan. */
async function readPlanFile(file: File): Promise<ImportSource> {
  const text = await file.text();
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!csv) {
    try {
      JSON.parse(text);
    } catch {
      throw new Error(`${file.name} is neither a CSV file nor valid JSON.`);
    }
  }
  return { text, format: csv ? 'csv' : 'native', label: file.name };
}

type Step =
  | { name: 'choose' }
  | { name: 'checking' }
  | { name: 'preview'; diff: ImportDiff }
  | { name: 'applying'; diff: ImportDiff }
  | { name: 'done'; diff: ImportDiff };

interface ImportDialogProps {
  title: string;
  /** A plan to import without asking for a file (the example plan). */
  initial?: ImportSource;
  onClose: () => void;
  onImported: () => void;
}

/**
 * Import in two steps: a dry run shows what would be added, changed and rejected; only
 * "Apply" writes, and then all or nothing.
 */
export function ImportDialog({ title, initial, onClose, onImported }: ImportDialogProps) {
  const { companyId } = useCompany();
  const [source, setSource] = useState<ImportSource | null>(initial ?? null);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!source) return;
    let alive = true;
    setStep({ name: 'checking' });
    setError(null);
    importTrackingPlan(companyId, source.format, source.text, true).then(
      (diff) => alive && setStep({ name: 'preview', diff }),
      (err: unknown) => {
        if (!alive) return;
        setError(err);
        setStep({ name: 'choose' });
      },
    );
    return () => {
      alive = false;
    };
  }, [companyId, source]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      setSource(await readPlanFile(file));
    } catch (err) {
      setError(err);
    }
  }

  async function apply(diff: ImportDiff) {
    if (!source) return;
    setStep({ name: 'applying', diff });
    try {
      const result = await importTrackingPlan(companyId, source.format, source.text, false);
      setStep(result.applied ? { name: 'done', diff: result } : { name: 'preview', diff: result });
      if (result.applied) onImported();
    } catch (err) {
      setError(err);
      setStep({ name: 'preview', diff });
    }
  }

  const diff = 'diff' in step ? step.diff : null;
  return (
    <Dialog title={title} onClose={onClose} testId="import-dialog">
      {!initial && step.name !== 'done' ? (
        <div className="tp-field" style={{ marginBottom: 12 }}>
          <label htmlFor="plan-import-file">Plan file (Tracemap JSON or CSV)</label>
          <input
            id="plan-import-file"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(e) => void pick(e.target.files?.[0])}
            data-testid="import-file"
          />
        </div>
      ) : null}
      {source ? <p className="tp-hint">Importing {source.label}</p> : null}
      {step.name === 'checking' ? <p aria-busy="true">Checking what would change…</p> : null}
      <ApiErrorMessage error={error} testId="import-error" />
      {step.name === 'done' ? (
        <p className="co-ok" role="status" data-testid="import-done">
          Imported: {step.diff.added.length} added, {step.diff.changed.length} changed.
        </p>
      ) : null}
      {diff && step.name !== 'done' ? <ImportDiffView diff={diff} /> : null}
      <div className="co-actions" style={{ marginTop: 16 }}>
        {diff && step.name !== 'done' ? (
          <Button
            disabled={
              step.name === 'applying' || diff.rejected.length > 0 || diff.added.length + diff.changed.length === 0
            }
            onClick={() => void apply(diff)}
            data-testid="import-apply"
          >
            {step.name === 'applying' ? 'Importing…' : 'Apply import'}
          </Button>
        ) : null}
        <Button variant={step.name === 'done' ? 'primary' : 'ghost'} onClick={onClose} data-testid="import-close">
          {step.name === 'done' ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </Dialog>
  );
}
