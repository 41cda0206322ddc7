import { useState } from 'react';
import {
  createRoadmapItem,
  deleteRoadmapItem,
  listAdminRoadmap,
  reorderRoadmap,
  updateRoadmapItem,
  type AdminRoadmapItem,
} from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { AdminPage } from '../../shared/admin-page';
import { ResultLine } from '../../shared/result-line';
import { useAction, useLoad } from '../../shared/use-load';
import { RoadmapItemForm, type RoadmapDraft } from './roadmap-item-form';

/** /admin/roadmap: items in their public order; move, edit, publish or withdraw, delete. */
export function AdminRoadmapPage() {
  const list = useLoad(listAdminRoadmap);
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const items = list.data ?? [];
  const act = (work: () => Promise<string>) =>
    action.run(async () => {
      const message = await work();
      list.reload();
      return message;
    });
  const create = (draft: RoadmapDraft) =>
    act(async () => {
      const item = await createRoadmapItem(draft);
      setFormKey((k) => k + 1);
      return `Added “${item.title}”${item.published ? ' and published it' : ''}.`;
    });
  const save = (item: AdminRoadmapItem, draft: RoadmapDraft) =>
    act(async () => {
      await updateRoadmapItem(item.id, draft);
      setEditing(null);
      return `Saved “${draft.title}”.`;
    });
  const move = (index: number, by: -1 | 1) =>
    act(async () => {
      const ids = items.map((i) => i.id);
      [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
      await reorderRoadmap(ids);
      return 'Order saved.';
    });
  return (
    <AdminPage title="Roadmap">
      <h2>New item</h2>
      <RoadmapItemForm key={formKey} busy={action.busy} onSave={create} />
      <ResultLine result={action.result} testId="roadmap-result" />
      <h2>Items</h2>
      {list.error && <p className="adm-error">{list.error}</p>}
      {items.length === 0 && !list.loading && <p className="adm-muted">No roadmap item yet.</p>}
      <ol>
        {items.map((item, index) => (
          <li
            key={item.id}
            data-testid="roadmap-item"
            data-title={item.title}
            data-published={String(item.published)}
            className="adm-panel"
          >
            {editing === item.id ? (
              <RoadmapItemForm
                item={item}
                busy={action.busy}
                onSave={(d) => save(item, d)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <strong>{item.title}</strong>{' '}
                <span className="adm-muted">
                  {item.status.replace('_', ' ')} · {item.published ? 'published' : 'draft'}
                </span>
                <p className="adm-muted">{item.description.slice(0, 200)}</p>
                <div className="adm-row">
                  <Button variant="ghost" onClick={() => setEditing(item.id)}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    data-testid="roadmap-toggle-publish"
                    disabled={action.busy}
                    onClick={() =>
                      act(
                        async () => (
                          await updateRoadmapItem(item.id, { published: !item.published }),
                          item.published ? 'Withdrawn.' : 'Published.'
                        ),
                      )
                    }
                  >
                    {item.published ? 'Withdraw' : 'Publish'}
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={action.busy || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${item.title} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={action.busy || index === items.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${item.title} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={action.busy}
                    onClick={() =>
                      window.confirm(`Delete “${item.title}”?`) &&
                      act(async () => (await deleteRoadmapItem(item.id), 'Deleted.'))
                    }
                  >
                    Delete
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
    </AdminPage>
  );
}
