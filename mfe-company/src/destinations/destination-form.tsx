import { useEffect, useState, type FormEvent } from 'react';
import type {
  CreateDestinationBody,
  DestinationKind,
  DestinationTestAnswer,
  DestinationView,
  SyncMode,
} from '@tracemap/contracts';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';

export const DESTINATION_LABELS: Record<DestinationKind, string> = {
  segment: 'Segment',
  amplitude: 'Amplitude',
  mparticle: 'mParticle',
  rudderstack: 'RudderStack',
};

interface Field {
  key: string;
  label: string;
  secret?: boolean;
}
/** What each vendor's setup asks: ids of what to push into (settings) and the keys (credentials). */
const FIELDS: Record<DestinationKind, { settings: Field[]; credentials: Field[] }> = {
  segment: {
    settings: [{ key: 'trackingPlanId', label: 'Tracking plan id' }],
    credentials: [{ key: 'token', label: 'Public API token', secret: true }],
  },
  amplitude: {
    settings: [],
    credentials: [
      { key: 'apiKey', label: 'API key', secret: true },
      { key: 'secretKey', label: 'Secret key', secret: true },
    ],
  },
  mparticle: {
    settings: [
      { key: 'workspaceId', label: 'Workspace id' },
      { key: 'planId', label: 'Data plan id' },
    ],
    credentials: [
      { key: 'clientId', label: 'Client id', secret: true },
      { key: 'clientSecret', label: 'Client secret', secret: true },
    ],
  },
  rudderstack: {
    settings: [{ key: 'trackingPlanId', label: 'Tracking plan id' }],
    credentials: [{ key: 'token', label: 'Access token', secret: true }],
  },
};

// The keys and ids the local stand-in accepts (it opens nothing but this machine's fake destinations).
const LOCAL_VALUES: Record<DestinationKind, Record<string, string>> = {
  segment: { trackingPlanId: 'tp_sandbox', token: 'sandbox-segment-token' },
  amplitude: { apiKey: 'sandbox-amplitude-api-key', secretKey: 'sandbox-amplitude-secret-key' },
  mparticle: {
    workspaceId: '10001',
    planId: 'tracemap_sandbox',
    clientId: 'sandbox-mparticle-client',
    clientSecret: 'sandbox-mparticle-secret',
  },
  rudderstack: { trackingPlanId: 'tp_sandbox', token: 'sandbox-rudderstack-token' },
};

function bodyOf(
  type: DestinationKind,
  name: string,
  mode: SyncMode,
  v: (key: string) => string,
): CreateDestinationBody {
  switch (type) {
    case 'segment':
      return {
        type,
        name,
        mode,
        settings: { kind: type, trackingPlanId: v('trackingPlanId') },
        credentials: { kind: type, token: v('token') },
      };
    case 'amplitude':
      return {
        type,
        name,
        mode,
        settings: { kind: type },
        credentials: { kind: type, apiKey: v('apiKey'), secretKey: v('secretKey') },
      };
    case 'mparticle':
      return {
        type,
        name,
        mode,
        settings: { kind: type, workspaceId: v('workspaceId'), planId: v('planId') },
        credentials: { kind: type, clientId: v('clientId'), clientSecret: v('clientSecret') },
      };
    case 'rudderstack':
      return {
        type,
        name,
        mode,
        settings: { kind: type, trackingPlanId: v('trackingPlanId') },
        credentials: { kind: type, token: v('token') },
      };
  }
}

/**
 * The setup form per vendor: a new destination, or (with `initial`) a change of an existing one,
 * whose credentials are kept unless new ones are typed. Credentials are never shown again.
 */
export function DestinationForm({
  local,
  initial,
  onSave,
  onTest,
}: {
  local: boolean;
  initial?: DestinationView;
  /** `withCredentials` is false when editing and no credential was typed (the stored ones stay). */
  onSave: (body: CreateDestinationBody, withCredentials: boolean) => Promise<unknown>;
  /** "Test connection" with what the form holds, before saving (same `withCredentials` as `onSave`). */
  onTest?: (body: CreateDestinationBody, withCredentials: boolean) => Promise<DestinationTestAnswer>;
}) {
  const [type, setType] = useState<DestinationKind>(initial?.type ?? 'segment');
  const [name, setName] = useState(initial?.name ?? '');
  const [mode, setMode] = useState<SyncMode>(initial?.mode ?? 'upsert');
  const [values, setValues] = useState<Record<string, string>>(() =>
    initial
      ? Object.fromEntries(
          Object.entries(initial.settings).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {},
  );
  const { busy, error, run } = useAction();
  const [tested, setTested] = useState<(DestinationTestAnswer & { saved: boolean }) | null>(null);
  const fields = FIELDS[type];
  const editing = Boolean(initial);
  // A test answers for what was typed then, not for what the form holds now.
  useEffect(() => setTested(null), [type, values]);

  const current = () => ({
    // The server checks every field against the vendor's shape; its refusal is shown as written.
    body: bodyOf(type, name.trim() || DESTINATION_LABELS[type], mode, (key) => (values[key] ?? '').trim()),
    withCredentials: !editing || fields.credentials.some((f) => (values[f.key] ?? '').trim() !== ''),
  });

  async function test() {
    if (!onTest) return;
    setTested(null);
    const { body, withCredentials } = current();
    const answer = await run(() => onTest(body, withCredentials));
    if (answer) setTested({ ...answer, saved: !withCredentials });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { body, withCredentials } = current();
    const saved = await run(() => onSave(body, withCredentials));
    if (saved && !editing) {
      setName('');
      setValues({});
    }
  }

  return (
    <form className="co-form co-card" onSubmit={submit} data-testid="destination-form">
      <h2 style={{ marginTop: 0 }}>{editing ? `Change ${initial?.name}` : 'Add a destination'}</h2>
      <label>
        Destination
        <select
          value={type}
          disabled={editing}
          onChange={(e) => {
            setType(e.target.value as DestinationKind);
            setValues({});
          }}
          data-testid="destination-type"
        >
          {(Object.keys(DESTINATION_LABELS) as DestinationKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {DESTINATION_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name
        <input
          value={name}
          maxLength={100}
          placeholder={DESTINATION_LABELS[type]}
          onChange={(e) => setName(e.target.value)}
          data-testid="destination-name"
        />
      </label>
      <label>
        Mode
        <select value={mode} onChange={(e) => setMode(e.target.value as SyncMode)} data-testid="destination-mode">
          <option value="upsert">Upsert: create and update, never delete</option>
          <option value="mirror">Mirror: also delete what Tracemap put there and the plan no longer has</option>
        </select>
      </label>
      {[...fields.settings, ...fields.credentials].map((field) => (
        <label key={`${type}-${field.key}`}>
          {field.label}
          <input
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            value={values[field.key] ?? ''}
            placeholder={editing && field.secret ? 'unchanged' : undefined}
            onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
            data-testid={`destination-field-${field.key}`}
          />
        </label>
      ))}
      <div className="co-actions">
        {local ? (
          <Button type="button" onClick={() => setValues(LOCAL_VALUES[type])} data-testid="destination-use-local">
            Use the local stand-in&apos;s keys
          </Button>
        ) : null}
        {onTest ? (
          <Button type="button" onClick={() => void test()} disabled={busy} data-testid="destination-form-test">
            Test connection
          </Button>
        ) : null}
        <Button type="submit" disabled={busy} data-testid="destination-save">
          {busy ? 'Saving…' : editing ? 'Save changes' : 'Save destination'}
        </Button>
      </div>
      {tested ? (
        <p
          className={tested.ok ? 'co-ok' : 'co-error'}
          role="status"
          data-testid="destination-form-test-result"
          data-ok={tested.ok}
        >
          {tested.ok ? tested.message : `Connection failed: ${tested.message}`}
          {tested.saved ? ' (tested with the saved settings and credentials: type new keys to test those)' : ''}
        </p>
      ) : null}
      <ApiErrorMessage error={error} testId="destination-form-error" />
    </form>
  );
}
