import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  deletePlanEntity,
  getPlanEntity,
  lintFindingsOf,
  updatePlanEntity,
  versionConflictOf,
  type EntityKind,
  type LintFinding,
  type PlanEntity,
  type PlanEntityDetail,
  type PlanEntityTypes,
} from '@tracemap/shell-core/tracking-plan';
import { sameValue } from './same-value';

type Update<K extends EntityKind> = PlanEntityTypes[K]['update'];

export interface PlanEditor<K extends EntityKind> {
  entity: PlanEntityDetail<K> | null;
  loadError: unknown;
  /** The entity with the user's unsaved changes on top: what the form shows. */
  value: PlanEntityDetail<K> | null;
  draft: Update<K>;
  dirty: boolean;
  set: <F extends keyof Update<K>>(field: F, value: Update<K>[F]) => void;
  discard: () => void;
  saving: boolean;
  saveError: unknown;
  /** The entity as someone else saved it, when our save started from an older version. */
  conflict: PlanEntity<K> | null;
  /** Lint errors the server refused the last save with. */
  serverFindings: LintFinding[];
  /** Bumps after each write, for panels that read derived data (history, schema). */
  revision: number;
  save: () => Promise<boolean>;
  changeStatus: (status: string) => Promise<boolean>;
  remove: () => Promise<boolean>;
  /** Reads the server's version again, dropping unsaved changes (the user asked for it). */
  reloadLatest: () => Promise<void>;
}

/**
 * Loads one attribute, event or view and saves only the fields the user changed, from the
 * version the form started at (`If-Match`). A stale version is never overwritten: the
 * conflict is kept for the page to explain, and nothing is reloaded until the user asks.
 */
export function usePlanEditor<K extends EntityKind>(kind: K, companyId: string, id: string): PlanEditor<K> {
  const [entity, setEntity] = useState<PlanEntityDetail<K> | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [draft, setDraft] = useState<Update<K>>({} as Update<K>);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<PlanEntity<K> | null>(null);
  const [serverFindings, setServerFindings] = useState<LintFinding[]>([]);
  const [revision, setRevision] = useState(0);

  const load = useCallback(async () => {
    try {
      const fresh = await getPlanEntity(kind, companyId, id);
      setEntity(fresh);
      setLoadError(null);
    } catch (error) {
      setLoadError(error);
    }
  }, [kind, companyId, id]);

  useEffect(() => {
    setEntity(null);
    setDraft({} as Update<K>);
    setConflict(null);
    void load();
  }, [load]);

  const set = useCallback(
    <F extends keyof Update<K>>(field: F, next: Update<K>[F]) => {
      setDraft((d) => {
        const copy = { ...d, [field]: next };
        if (entity && sameValue((entity as Record<string, unknown>)[field as string], next)) delete copy[field];
        return copy;
      });
    },
    [entity],
  );

  /** Runs one write; on success the entity is replaced by the server's answer. */
  const write = useCallback(
    async (changes: Update<K>): Promise<boolean> => {
      if (!entity) return false;
      setSaving(true);
      setSaveError(null);
      try {
        const saved = await updatePlanEntity(kind, companyId, id, entity.version, changes);
        setEntity(
          (prev) => ({ ...saved, usedBy: prev?.usedBy ?? { events: [], views: [], maps: [] } }) as PlanEntityDetail<K>,
        );
        setServerFindings([]);
        setRevision((r) => r + 1);
        return true;
      } catch (error) {
        const current = versionConflictOf<PlanEntity<K>>(error)?.current;
        if (current) setConflict(current);
        else setSaveError(error);
        setServerFindings(lintFindingsOf(error) ?? []);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [kind, companyId, id, entity],
  );

  const save = useCallback(async () => {
    if (Object.keys(draft).length === 0) return true;
    const ok = await write(draft);
    if (ok) setDraft({} as Update<K>);
    return ok;
  }, [draft, write]);

  const changeStatus = useCallback((status: string) => write({ status } as Update<K>), [write]);

  const remove = useCallback(async () => {
    setSaveError(null);
    try {
      await deletePlanEntity(kind, companyId, id);
      return true;
    } catch (error) {
      setSaveError(error);
      return false;
    }
  }, [kind, companyId, id]);

  const reloadLatest = useCallback(async () => {
    // The conflict stays on screen until the new version is in, so the form never shows the old one unexplained.
    await load();
    setDraft({} as Update<K>);
    setConflict(null);
    setSaveError(null);
    setServerFindings([]);
    setRevision((r) => r + 1);
  }, [load]);

  const value = useMemo(() => (entity ? ({ ...entity, ...draft } as PlanEntityDetail<K>) : null), [entity, draft]);
  const dirty = Object.keys(draft).length > 0;
  const discard = useCallback(() => setDraft({} as Update<K>), []);

  return {
    entity,
    loadError,
    value,
    draft,
    dirty,
    set,
    discard,
    saving,
    saveError,
    conflict,
    serverFindings,
    revision,
    save,
    changeStatus,
    remove,
    reloadLatest,
  };
}
