import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { downloadTypeScriptZip, type CodegenDestination } from './codegen-api';

function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The whole plan's typed code for one destination as a zip, validators included for development. */
export function DownloadCodeButton({ destination }: { destination: CodegenDestination }) {
  const { companyId } = useCompany();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      downloadBlob(`tracemap-${destination}.zip`, await downloadTypeScriptZip(companyId, destination, 'dev'));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="co-actions">
      <Button
        variant="ghost"
        className="tp-small-btn"
        disabled={busy}
        onClick={() => void download()}
        data-testid="codegen-download"
      >
        {busy ? 'Preparing…' : 'Download code'}
      </Button>
      <ApiErrorMessage error={error} testId="codegen-download-error" />
    </span>
  );
}
