import { useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@tracemap/ui';
import { createMap } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';

/** A name is all a new map needs; the editor opens on it. */
export function CreateMapForm({
  companyId,
  inputRef,
}: {
  companyId: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      const map = await createMap(companyId, { name: trimmed }, crypto.randomUUID?.());
      navigate(`/company/${companyId}/maps/${encodeURIComponent(map.id)}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <form className="mp-inline" onSubmit={(e) => void submit(e)} aria-label="Create a map">
      <input
        ref={inputRef}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="New map name, e.g. Checkout"
        aria-label="New map name"
        maxLength={120}
        data-testid="map-create-name"
      />
      <Button type="submit" disabled={busy || !name.trim()} data-testid="map-create">
        {busy ? 'Creating…' : 'Create map'}
      </Button>
      <ApiErrorMessage error={error} testId="map-create-error" />
    </form>
  );
}
