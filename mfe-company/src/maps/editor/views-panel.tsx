import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { createPlanEntity, type PlanView } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { EntityPicker } from '../../tracking-plan/links/entity-picker';
import { useMapEditorStore } from './map-store';

interface ViewsPanelProps {
  companyId: string;
  /** Puts a view on the canvas (near the middle of what is on screen). */
  onAdd: (view: PlanView) => void;
}

/** Adds views to the map: pick one of the plan's views, or create one with just a name. */
export function ViewsPanel({ companyId, onAdd }: ViewsPanelProps) {
  const placed = useMapEditorStore((s) => s.history.present.nodes);
  const excludeIds = useMemo(() => placed.map((n) => n.viewId), [placed]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function createView(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      onAdd(await createPlanEntity('view', companyId, { name: trimmed }));
      setName('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="tp-section" aria-labelledby="map-add-views">
      <h2 id="map-add-views">Add views</h2>
      <EntityPicker
        kind="view"
        label="Find a view"
        excludeIds={excludeIds}
        describe={(v) => v.type}
        onPick={onAdd}
        testId="map-view-picker"
      />
      <form className="mp-inline" onSubmit={(e) => void createView(e)} style={{ marginTop: 12 }}>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="New view name"
          aria-label="New view name"
          maxLength={120}
          data-testid="map-new-view-name"
        />
        <Button type="submit" variant="ghost" disabled={busy || !name.trim()} data-testid="map-new-view">
          Create
        </Button>
      </form>
      <ApiErrorMessage error={error} />
      <p className="tp-hint" style={{ marginTop: 8 }}>
        Drag from a node&apos;s right handle to another node to add a transition. Shift-drag selects several.
      </p>
    </section>
  );
}
