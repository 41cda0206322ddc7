import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { UPLOAD_FORMATS, type UploadFormat } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { uploadDiscoveryFile, type UploadProgress } from '../api/discovery-api';

export const FORMAT_LABELS: Record<UploadFormat, string> = {
  auto: 'Detect from the file',
  'ga4-bigquery': 'GA4 BigQuery export',
  'amplitude-export': 'Amplitude export',
  segment: 'Segment',
  rudderstack: 'RudderStack',
  mparticle: 'mParticle',
  snowplow: 'Snowplow',
};

/** Upload a file (.ndjson, .json, .gz, .zip) with a progress bar; the run it starts shows under Runs. */
export function UploadForm({ companyId, onUploaded }: { companyId: string; onUploaded: (runId: string) => void }) {
  const [format, setFormat] = useState<UploadFormat>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress({ sent: 0, total: file.size });
    try {
      const { runId } = await uploadDiscoveryFile(companyId, file, format, setProgress);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onUploaded(runId);
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="co-form co-form--row" onSubmit={(e) => void submit(e)} data-testid="upload-form">
      <label>
        File
        <input
          ref={inputRef}
          type="file"
          accept=".ndjson,.json,.gz,.zip,.jsonl"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="upload-file"
        />
      </label>
      <label>
        Format
        <select value={format} onChange={(e) => setFormat(e.target.value as UploadFormat)} data-testid="upload-format">
          {UPLOAD_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" disabled={!file || progress !== null} data-testid="upload-submit">
          Upload
        </Button>
      </div>
      {progress ? (
        <label>
          Sending {Math.round((progress.sent * 100) / Math.max(progress.total, 1))} %
          <progress
            className="ad-progress"
            max={Math.max(progress.total, 1)}
            value={progress.sent}
            data-testid="upload-progress"
          />
        </label>
      ) : null}
      <ApiErrorMessage error={error} testId="upload-error" />
    </form>
  );
}
