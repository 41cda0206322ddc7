import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@tracemap/ui';
import { ApiError } from '@tracemap/shell-core';
import { lintFindingsOf, type EntityKind } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useCompany } from '../../company-layout/context';
import { useHotkey } from '../hooks/use-hotkey';
import { KINDS, planPath } from '../plan-kinds';
import { TrackingPlanStyles } from '../tracking-plan-styles';
import { PlanStatusBadge } from '../ui/plan-status-badge';
import { changedFields, ConflictBanner } from './conflict-banner';
import { DeleteControl } from './delete-control';
import { EditableContext } from './editable';
import { FindingList, otherFindings } from './findings';
import { nameProblem } from './name-field';
import { statusBeforeArchive } from './restore-status';
import type { PlanEditor } from './use-plan-editor';
import { usePlanEditable } from '../../proposals/plan-editable';
import { ProposalItemThread } from '../../proposals/proposal-item-thread';

interface EditorFrameProps<K extends EntityKind> {
  kind: K;
  id: string;
  editor: PlanEditor<K>;
  /** Fields the form shows findings at; the rest are listed above the form. */
  shownFields: readonly string[];
  children: ReactNode;
  side: ReactNode;
}

/**
 * What every entity page shares: title and status, the save bar, conflict and lint messages,
 * archive/restore and delete. Viewers get the same page with no edit control at all.
 */
export function EditorFrame<K extends EntityKind>({
  kind,
  id,
  editor,
  shownFields,
  children,
  side,
}: EditorFrameProps<K>) {
  const { companyId, reload } = useCompany();
  const navigate = useNavigate();
  const { canEdit, reason } = usePlanEditable();
  const { singular, plural } = KINDS[kind];
  const [saved, setSaved] = useState<string | null>(null);
  const [escHint, setEscHint] = useState(false);
  const { entity, value, dirty, saving, saveError, conflict, serverFindings } = editor;
  const listPath = planPath(companyId, kind);

  // Closing or reloading the tab, or switching plans, with unsaved changes asks first; nothing is dropped silently.
  useUnsavedChanges(() => dirty);

  useHotkey(
    'Escape',
    () => {
      if (dirty) setEscHint(true);
      else navigate(listPath);
    },
    { whileTyping: true },
  );

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setSaved(null);
    if (await editor.save()) setSaved('Saved.');
  }

  async function setArchived(archived: boolean) {
    setSaved(null);
    const status = archived ? 'archived' : await statusBeforeArchive(kind, companyId, id);
    if (await editor.changeStatus(status))
      setSaved(archived ? `Archived. It is hidden from lists and exports but kept.` : `Restored as ${status}.`);
  }

  async function remove() {
    if (!(await editor.remove())) return;
    void reload();
    navigate(listPath);
  }

  if (!entity || !value) {
    return (
      <section className="tm-container co-page" aria-busy={!editor.loadError}>
        <TrackingPlanStyles />
        <p>
          <Link to={listPath}>← All {plural}</Link>
        </p>
        {editor.loadError ? (
          <ApiErrorMessage error={editor.loadError} testId="entity-load-error" />
        ) : (
          <p className="co-muted">Loading…</p>
        )}
      </section>
    );
  }

  const archived = entity.status === 'archived';
  const inUse = saveError instanceof ApiError && saveError.code === 'attribute_in_use';
  const blocked = nameProblem(value.name) !== null;
  return (
    <section
      className="tm-container co-page"
      data-testid={`${singular}-page`}
      data-editable={canEdit}
      data-version={entity.version}
    >
      <TrackingPlanStyles />
      <p style={{ margin: '0 0 8px' }}>
        <Link to={listPath}>← All {plural}</Link>
      </p>
      <div className="tp-title">
        <h1 data-testid="entity-title">{entity.name}</h1>
        <PlanStatusBadge status={entity.status} />
      </div>
      {!canEdit ? (
        <p className="co-muted" data-testid="plan-read-only">
          {reason ?? `Read only: creators, admins and owners can change this ${singular}.`}
        </p>
      ) : (
        <div className="tp-savebar">
          <Button
            onClick={() => void submit()}
            disabled={!dirty || saving || blocked || !!conflict}
            data-testid="entity-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="ghost" onClick={editor.discard} disabled={!dirty || saving} data-testid="entity-discard">
            Discard changes
          </Button>
          <span className="tp-hint" aria-live="polite" data-testid="entity-save-state">
            {dirty ? 'Unsaved changes' : saved}
          </span>
          <span className="tp-spacer" />
          <Button
            variant="ghost"
            disabled={saving}
            onClick={() => void setArchived(!archived)}
            data-testid={archived ? 'entity-restore' : 'entity-archive'}
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
          <DeleteControl singular={singular} name={entity.name} busy={saving} onDelete={() => void remove()} />
        </div>
      )}
      {escHint && dirty ? <p className="tp-hint">Save or discard your changes before leaving with Esc.</p> : null}
      {conflict ? (
        <ConflictBanner
          singular={singular}
          theirFields={changedFields(entity, conflict)}
          yourFields={Object.keys(editor.draft)}
          onReload={() => void editor.reloadLatest()}
        />
      ) : null}
      <ApiErrorMessage error={saveError ?? editor.loadError} testId="entity-error" />
      {inUse ? (
        <p className="co-actions">
          <Button variant="ghost" onClick={() => void setArchived(true)} data-testid="entity-archive-instead">
            Archive it instead
          </Button>
        </p>
      ) : null}
      {lintFindingsOf(saveError) ? <FindingList findings={otherFindings(serverFindings, shownFields)} /> : null}
      <EditableContext.Provider value={canEdit}>
        <div className="tp-editor">
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={`${singular} ${entity.name}`}>
            {children}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          </form>
          <aside>{side}</aside>
        </div>
      </EditableContext.Provider>
      <ProposalItemThread item={{ kind, id }} />
    </section>
  );
}
