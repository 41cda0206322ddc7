import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@tracemap/ui';
import {
  ATTRIBUTE_SCOPES,
  ATTRIBUTE_TYPES,
  createPlanEntity,
  EVENT_KINDS,
  lintFindingsOf,
  VIEW_TYPES,
  type EntityKind,
  type PlanEntityTypes,
} from '@tracemap/shell-core/tracking-plan';
import { newIdempotencyKey } from '@tracemap/shell-core';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { useAction } from '../../hooks/use-action';
import { findingsFor, FindingList, otherFindings } from '../editor/findings';
import { SelectField, TextField } from '../editor/fields';
import { NameField, nameProblem } from '../editor/name-field';
import { KINDS, planPath } from '../plan-kinds';
import { useNameCase } from '../plan-settings';
import { Dialog } from '../ui/dialog';
import { useInlineLint } from '../editor/use-inline-lint';

/** The one or two choices that shape a new entity before its page opens. */
const CHOICES: Record<EntityKind, { key: string; label: string; options: readonly string[] }[]> = {
  attribute: [
    { key: 'scope', label: 'Scope', options: ATTRIBUTE_SCOPES },
    { key: 'type', label: 'Type', options: ATTRIBUTE_TYPES },
  ],
  event: [{ key: 'kind', label: 'Kind', options: EVENT_KINDS }],
  view: [{ key: 'type', label: 'Type', options: VIEW_TYPES }],
};

/**
 * "New attribute / event / view": the name, a description and the kind's basic choices.
 * Once created, its page opens for everything else (links, validation, tags…).
 */
export function CreateDialog({ kind, onClose }: { kind: EntityKind; onClose: () => void }) {
  const { companyId, reload } = useCompany();
  const navigate = useNavigate();
  const nameCase = useNameCase(kind);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries([['name', ''], ['description', ''], ...CHOICES[kind].map((c) => [c.key, c.options[0]])]),
  );
  const [touched, setTouched] = useState(false);
  const { busy, error, run } = useAction();
  // One key per distinct form content: a retried click never creates a second copy.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const local = useInlineLint(kind, values);
  const server = lintFindingsOf(error) ?? [];
  const findings = [...server, ...local];
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameProblem(values.name)) return;
    const input = { ...values, name: values.name.trim() } as unknown as PlanEntityTypes[typeof kind]['create'];
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    const key = attempt.current.key;
    const created = await run(() => createPlanEntity(kind, companyId, input, key));
    if (!created) return;
    void reload();
    navigate(planPath(companyId, kind, created.id));
  }

  return (
    <Dialog title={`New ${KINDS[kind].singular}`} onClose={onClose} testId="create-dialog">
      <form
        className="tp-fields"
        style={{ gridTemplateColumns: '1fr' }}
        onSubmit={submit}
        noValidate
        aria-label={`New ${KINDS[kind].singular}`}
      >
        <NameField
          value={values.name}
          onChange={(v) => set('name', v)}
          nameCase={nameCase}
          findings={findingsFor(findings, 'name')}
          showRequired={touched}
        />
        <TextField
          label="Description"
          value={values.description}
          onChange={(v) => set('description', v)}
          multiline
          findings={findingsFor(findings, 'description')}
          testId="plan-description"
        />
        {CHOICES[kind].map((c) => (
          <SelectField
            key={c.key}
            label={c.label}
            value={values[c.key]}
            options={c.options}
            onChange={(v) => set(c.key, v)}
            findings={findingsFor(findings, c.key)}
            testId={`plan-${c.key}`}
          />
        ))}
        <FindingList findings={otherFindings(findings, ['name', 'description', ...CHOICES[kind].map((c) => c.key)])} />
        <ApiErrorMessage error={error} testId="create-error" />
        <div className="co-actions">
          <Button type="submit" disabled={busy} data-testid="create-submit">
            {busy ? 'Creating…' : `Create ${KINDS[kind].singular}`}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
