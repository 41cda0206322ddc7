import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@tracemap/ui';
import { AMPLITUDE_REGIONS, type CreateSourceInput } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { createSource } from '../api/discovery-api';
import { amplitudeSourceBody, ga4SourceBody, type AmplitudeRegion } from '../logic/source-bodies';

/** Sends a create body; on success the secrets are dropped from the form, on refusal the API's message shows. */
function useConnect(companyId: string, onConnected: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function connect(body: CreateSourceInput, clearSecrets: () => void) {
    setBusy(true);
    setError(null);
    try {
      await createSource(companyId, body);
      clearSecrets();
      onConnected();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, connect };
}

function ConnectForm(props: {
  testId: string;
  busy: boolean;
  ready: boolean;
  error: unknown;
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="co-form"
      data-testid={props.testId}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <div>
        <Button type="submit" disabled={props.busy || !props.ready} data-testid={`${props.testId}-submit`}>
          {props.label}
        </Button>
      </div>
      <ApiErrorMessage error={props.error} testId={`${props.testId}-error`} />
    </form>
  );
}

/** GA4: a property read through a service account's key file, which is never shown back. */
export function ConnectGa4Form({ companyId, onConnected }: { companyId: string; onConnected: () => void }) {
  const [name, setName] = useState('GA4');
  const [propertyId, setPropertyId] = useState('');
  const [serviceAccountKey, setServiceAccountKey] = useState('');
  const { busy, error, connect } = useConnect(companyId, onConnected);
  const submit = () =>
    void connect(ga4SourceBody({ name, propertyId, serviceAccountKey }), () => setServiceAccountKey(''));
  return (
    <ConnectForm
      testId="ga4-form"
      busy={busy}
      ready={Boolean(name.trim() && propertyId.trim() && serviceAccountKey.trim())}
      error={error}
      label="Connect GA4"
      onSubmit={submit}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required data-testid="ga4-name" />
      </label>
      <label>
        GA4 property id
        <input
          value={propertyId}
          onChange={(e) => setPropertyId(e.target.value)}
          inputMode="numeric"
          pattern="[0-9]{1,20}"
          required
          data-testid="ga4-property"
        />
      </label>
      <label>
        Service account key (JSON)
        <textarea
          value={serviceAccountKey}
          onChange={(e) => setServiceAccountKey(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
          data-testid="ga4-key"
        />
      </label>
    </ConnectForm>
  );
}

/** Amplitude: a project's export read with its API and secret keys, which are never shown back. */
export function ConnectAmplitudeForm({ companyId, onConnected }: { companyId: string; onConnected: () => void }) {
  const [name, setName] = useState('Amplitude');
  const [apiKey, setApiKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [region, setRegion] = useState<AmplitudeRegion>('us');
  const { busy, error, connect } = useConnect(companyId, onConnected);
  const submit = () =>
    void connect(amplitudeSourceBody({ name, apiKey, secretKey, region }), () => {
      setApiKey('');
      setSecretKey('');
    });
  return (
    <ConnectForm
      testId="amplitude-form"
      busy={busy}
      ready={Boolean(name.trim() && apiKey.trim() && secretKey.trim())}
      error={error}
      label="Connect Amplitude"
      onSubmit={submit}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required data-testid="amplitude-name" />
      </label>
      <label>
        API key
        <input
          type="password"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          autoComplete="off"
          required
          data-testid="amplitude-api-key"
        />
      </label>
      <label>
        Secret key
        <input
          type="password"
          value={secretKey}
          onChange={(e) => setSecretKey(e.target.value)}
          autoComplete="off"
          required
          data-testid="amplitude-secret-key"
        />
      </label>
      <label>
        Region
        <select
          value={region}
          onChange={(e) => setRegion(e.target.value as AmplitudeRegion)}
          data-testid="amplitude-region"
        >
          {AMPLITUDE_REGIONS.map((r) => (
            <option key={r} value={r}>
              {r.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
    </ConnectForm>
  );
}
