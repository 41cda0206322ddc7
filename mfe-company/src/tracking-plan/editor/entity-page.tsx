import type { ReactNode } from 'react';
import type { NameCase } from '@tracemap/shell-core';
import type { EntityKind, LintFinding, PlanEntityDetail, PlanStatus } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { EditorFrame } from './editor-frame';
import { ListField, TextField } from './fields';
import { findingsFor } from './findings';
import { HistoryList } from './history-list';
import { NameField } from './name-field';
import { StatusField } from './status-field';
import { useInlineLint } from './use-inline-lint';
import { usePlanEditor, type PlanEditor } from './use-plan-editor';
import { UsedByPanel } from './used-by';

export interface EntityPageParts<K extends EntityKind> {
  value: PlanEntityDetail<K>;
  set: PlanEditor<K>['set'];
  editor: PlanEditor<K>;
  /** The findings (the server's and those of lint as the user types) at one field. */
  at: (field: string) => LintFinding[];
}

interface PlanEntityPageProps<K extends EntityKind> {
  kind: K;
  id: string;
  /** Fields the page shows findings at; the rest are listed above the form. */
  shownFields: readonly string[];
  /** The page's own sections, once the entity is loaded. */
  children: (parts: EntityPageParts<K>) => ReactNode;
}

/**
 * One attribute, event or view page: the entity loaded and edited from its version, lint as
 * the user types, and beside the form what uses it and its history. Each page brings only
 * the sections of its own kind.
 */
export function PlanEntityPage<K extends EntityKind>({ kind, id, shownFields, children }: PlanEntityPageProps<K>) {
  const { companyId } = useCompany();
  const editor = usePlanEditor(kind, companyId, id);
  const { value, set } = editor;
  const findings = [...editor.serverFindings, ...useInlineLint(kind, value ?? {})];
  const at = (field: string) => findingsFor(findings, field);
  const side = value ? (
    <>
      <UsedByPanel usedBy={value.usedBy} />
      <HistoryList kind={kind} id={id} revision={editor.revision} />
    </>
  ) : null;
  return (
    <EditorFrame kind={kind} id={id} editor={editor} shownFields={shownFields} side={side}>
      {value ? children({ value, set, editor, at }) : null}
    </EditorFrame>
  );
}

type NamingField = 'name' | 'displayName' | 'description';

/** Name (checked against the company's naming case), display name and description: every entity has them. */
export function NamingFields({
  value,
  set,
  at,
  nameCase,
}: {
  value: Record<NamingField, string>;
  set: (field: NamingField, text: string) => void;
  at: EntityPageParts<EntityKind>['at'];
  nameCase: NameCase | null;
}) {
  return (
    <>
      <NameField
        value={value.name}
        onChange={(v) => set('name', v)}
        nameCase={nameCase}
        findings={at('name')}
        showRequired
      />
      <TextField
        label="Display name"
        value={value.displayName}
        onChange={(v) => set('displayName', v)}
        findings={at('displayName')}
        maxLength={200}
      />
      <TextField
        label="Description"
        value={value.description}
        onChange={(v) => set('description', v)}
        multiline
        wide
        findings={at('description')}
        testId="plan-description"
      />
    </>
  );
}

/** Status, tags and (where the kind has them) owners. */
export function OrganisationSection({
  value,
  at,
  onStatus,
  onTags,
  onOwners,
}: {
  value: { status: string; tags: string[]; owners?: string[] };
  at: EntityPageParts<EntityKind>['at'];
  onStatus: (status: PlanStatus) => void;
  onTags: (tags: string[]) => void;
  onOwners?: (owners: string[]) => void;
}) {
  return (
    <section className="tp-section" aria-label="Organisation">
      <h2>Organisation</h2>
      <div className="tp-fields">
        <StatusField value={value.status} onChange={onStatus} />
        <ListField label="Tags" value={value.tags} onChange={onTags} findings={at('tags')} testId="plan-tags" />
        {onOwners && value.owners ? (
          <ListField label="Owners" value={value.owners} onChange={onOwners} findings={at('owners')} />
        ) : null}
      </div>
    </section>
  );
}
