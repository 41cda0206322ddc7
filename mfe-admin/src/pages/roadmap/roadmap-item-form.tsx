import { useState } from 'react';
import { ROADMAP_STATUSES, type AdminRoadmapItem, type RoadmapStatus } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';

export interface RoadmapDraft {
  title: string;
  description: string;
  status: RoadmapStatus;
  published: boolean;
}

const LABELS: Record<RoadmapStatus, string> = { planned: 'Planned', in_progress: 'In progress', shipped: 'Shipped' };

/** Title, markdown description, status and publication of one roadmap item (new or existing). */
export function RoadmapItemForm({
  item,
  busy,
  onSave,
  onCancel,
}: {
  item?: AdminRoadmapItem;
  busy: boolean;
  onSave(draft: RoadmapDraft): void;
  onCancel?(): void;
}) {
  const [draft, setDraft] = useState<RoadmapDraft>({
    title: item?.title ?? '',
    description: item?.description ?? '',
    status: item?.status ?? 'planned',
    published: item?.published ?? false,
  });
  const set = <K extends keyof RoadmapDraft>(key: K, value: RoadmapDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  return (
    <form
      className="adm-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...draft, title: draft.title.trim() });
      }}
    >
      <label>
        Title
        <input
          className="adm-input"
          required
          maxLength={200}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          data-testid="roadmap-title"
        />
      </label>
      <label>
        Description (markdown)
        <textarea
          className="adm-input"
          rows={4}
          maxLength={20000}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          data-testid="roadmap-description"
        />
      </label>
      <label>
        Status
        <select
          className="adm-input"
          value={draft.status}
          onChange={(e) => set('status', e.target.value as RoadmapStatus)}
          data-testid="roadmap-status"
        >
          {ROADMAP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-row">
        <input
          type="checkbox"
          checked={draft.published}
          onChange={(e) => set('published', e.target.checked)}
          data-testid="roadmap-published"
        />{' '}
        Published on the public roadmap
      </label>
      <div className="adm-row">
        <Button type="submit" disabled={busy} data-testid="roadmap-save">
          {item ? 'Save' : 'Add item'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
