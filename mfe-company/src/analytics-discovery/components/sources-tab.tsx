import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { COLLECTOR_FORMATS, type CollectorFormat, type Source } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { collectorUrl, createSource, listSources } from '../api/discovery-api';
import { collectorSnippet } from '../logic/collector-snippet';
import { ConnectAmplitudeForm, ConnectGa4Form } from './connect-source-forms';
import { CopyButton } from './copy-button';
import { Ga4PullNote, SourceActions } from './source-actions';
import { UploadForm } from './upload-form';

const KIND_LABELS: Record<Source['kind'], string> = {
  upload: 'Uploads',
  collector: 'Collector',
  ga4: 'GA4 Data API',
  amplitude: 'Amplitude export',
};

/** A collector just made: its URL holds the key, which the service answers only this once. */
export function NewCollector({ url }: { url: string }) {
  return (
    <div className="co-card" data-testid="collector-created">
      <h3>Collector URL</h3>
      <p className="co-muted">Copy it now: it is shown only once. Rotate the key if it is lost.</p>
      <div className="ad-url">
        <code data-testid="collector-url">{url}</code>
        <CopyButton text={url} testId="collector-copy" />
      </div>
      <pre className="ad-snippet" data-testid="collector-snippet">
        {collectorSnippet(url)}
      </pre>
      <CopyButton text={collectorSnippet(url)} label="Copy snippet" />
    </div>
  );
}

function CreateCollectorForm({ companyId, onCreated }: { companyId: string; onCreated: (url: string) => void }) {
  const [name, setName] = useState('Collector');
  const [format, setFormat] = useState<CollectorFormat>('auto');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createSource(companyId, { kind: 'collector', name: name.trim(), format });
      if (created.ingestKey) onCreated(collectorUrl(window.location.origin, created.ingestKey));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="co-form co-form--row" onSubmit={(e) => void submit(e)} data-testid="collector-form">
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required data-testid="collector-name" />
      </label>
      <label>
        Sends as
        <select
          value={format}
          onChange={(e) => setFormat(e.target.value as CollectorFormat)}
          data-testid="collector-format"
        >
          {COLLECTOR_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f === 'auto' ? 'Detect per message' : f}
            </option>
          ))}
        </select>
      </label>
      <div>
        <Button type="submit" disabled={busy || !name.trim()} data-testid="collector-create">
          Create collector
        </Button>
      </div>
      <ApiErrorMessage error={error} testId="collector-error" />
    </form>
  );
}

/** Sources: the list, a new collector, GA4 or Amplitude and each source's actions (admins), and file uploads (editors). */
export function SourcesTab({
  companyId,
  canUpload,
  canManage,
  onUploaded,
}: {
  companyId: string;
  canUpload: boolean;
  canManage: boolean;
  onUploaded: (runId: string) => void;
}) {
  const [sources, setSources] = useState<Source[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [reloads, setReloads] = useState(0);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listSources(companyId, controller.signal).then(
      (answer) => setSources(answer.items),
      (err: unknown) => {
        if (!controller.signal.aborted) setError(err);
      },
    );
    return () => controller.abort();
  }, [companyId, reloads]);
  const reload = () => setReloads((n) => n + 1);
  const showUrl = (url: string) => {
    setCreatedUrl(url);
    reload();
  };

  return (
    <div data-testid="sources-tab">
      <ApiErrorMessage error={error} testId="sources-error" />
      {sources === null ? (
        <p className="co-muted">Loading…</p>
      ) : sources.length === 0 ? (
        <p className="co-muted" data-testid="sources-none">
          No sources yet. Uploaded files need none; a collector or a pull does.
        </p>
      ) : (
        <ul className="co-list" data-testid="sources-list">
          {sources.map((s) => (
            <li key={s.id} data-testid="source-row" data-kind={s.kind}>
              <span>
                <strong>{s.name}</strong> <span className="co-muted">{KIND_LABELS[s.kind]}</span>
              </span>
              <span className="co-muted">
                {s.ingestKeyPrefix ? `key ${s.ingestKeyPrefix}…` : (s.propertyId ?? s.region ?? '')}
              </span>
              {canManage ? (
                <SourceActions companyId={companyId} source={s} onKeyRotated={showUrl} onDeleted={reload} />
              ) : null}
              {s.kind === 'ga4' ? <Ga4PullNote /> : null}
            </li>
          ))}
        </ul>
      )}
      {canUpload ? (
        <section className="tp-section">
          <h2>Upload a file</h2>
          <p className="tp-hint">
            NDJSON, a JSON array, gzip or zip, in any of the supported formats. Pulled GA4 reports carry parameters only
            where they are registered as custom dimensions.
          </p>
          <UploadForm companyId={companyId} onUploaded={onUploaded} />
        </section>
      ) : null}
      {canManage ? (
        <>
          <section className="tp-section">
            <h2>Collector</h2>
            <p className="tp-hint">
              Point a Segment, RudderStack or mParticle webhook destination at a collector URL and traffic flows in as
              it happens.
            </p>
            {createdUrl ? <NewCollector url={createdUrl} /> : null}
            <CreateCollectorForm companyId={companyId} onCreated={showUrl} />
          </section>
          <section className="tp-section" data-testid="connect-sources">
            <h2>Pull from GA4 or Amplitude</h2>
            <p className="tp-hint">Credentials are stored for the pulls and never shown again.</p>
            <ConnectGa4Form companyId={companyId} onConnected={reload} />
            <ConnectAmplitudeForm companyId={companyId} onConnected={reload} />
          </section>
        </>
      ) : (
        <p className="co-muted" data-testid="sources-read-only">
          Admins and owners manage sources.
        </p>
      )}
    </div>
  );
}
