import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@tracemap/ui';
import {
  PRESENCES,
  type Attribute,
  type AttributeLink,
  type AttributeScope,
  type LintFinding,
  type Presence,
  type Validation,
} from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { useEditable } from '../editor/editable';
import { FindingList } from '../editor/findings';
import { planPath } from '../plan-kinds';
import { PresenceBadge } from '../ui/plan-status-badge';
import { EntityPicker } from './entity-picker';
import { describeOverride, LinkOverride } from './link-override';
import { useEntityLookup } from './use-entity-lookup';

interface AttributeLinksEditorProps {
  links: AttributeLink[];
  onChange: (links: AttributeLink[]) => void;
  /** Only attributes of this scope may be added (views take view-scope ones). */
  scope?: AttributeScope;
  findings?: LintFinding[];
  testId?: string;
}

/** User and group traits describe people and accounts, not one event or view. */
const NEVER_LINKED: readonly string[] = ['user', 'group'];

const describe = (a: Attribute) => `${a.scope} · ${a.type === 'array' && a.itemType ? `${a.itemType}[]` : a.type}`;

/** The attributes an event or view carries, each required or optional (presence lives on the link). */
export function AttributeLinksEditor({
  links,
  onChange,
  scope,
  findings = [],
  testId = 'attribute-links',
}: AttributeLinksEditorProps) {
  const { companyId } = useCompany();
  const editable = useEditable();
  const { found, remember } = useEntityLookup(
    'attribute',
    companyId,
    links.map((l) => l.attributeId),
  );
  const [narrowing, setNarrowing] = useState<string | null>(null);

  const setPresence = (id: string, presence: Presence) =>
    onChange(links.map((l) => (l.attributeId === id ? { ...l, presence } : l)));
  const removeLink = (id: string) => onChange(links.filter((l) => l.attributeId !== id));
  const setOverride = (id: string, validationOverride: Validation | null) =>
    onChange(links.map((l) => (l.attributeId === id ? { ...l, validationOverride } : l)));
  const add = (attribute: Attribute) => {
    remember(attribute);
    onChange([...links, { attributeId: attribute.id, presence: 'optional' }]);
  };

  return (
    <div data-testid={testId}>
      <FindingList findings={findings} />
      {links.length === 0 ? <p className="co-muted">No attributes yet.</p> : null}
      {links.length > 0 ? (
        <table className="tp-links">
          <thead>
            <tr>
              <th>Attribute</th>
              <th>Scope · type</th>
              <th>Presence</th>
              {editable ? (
                <th>
                  <span className="co-sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {links.map((link) => {
              const attribute = found[link.attributeId];
              const name = attribute === 'missing' ? 'Unavailable attribute' : (attribute?.name ?? '…');
              const loaded = attribute && attribute !== 'missing' ? attribute : null;
              const override = link.validationOverride as Validation | null | undefined;
              return (
                <Fragment key={link.attributeId}>
                  <tr data-testid="attribute-link" data-attribute-id={link.attributeId} data-presence={link.presence}>
                    <td>
                      {loaded ? <Link to={planPath(companyId, 'attribute', link.attributeId)}>{name}</Link> : name}
                    </td>
                    <td className="co-muted">
                      {loaded ? describe(loaded) : ''}
                      {override ? <span className="tp-sub">narrowed: {describeOverride(override)}</span> : null}
                    </td>
                    <td>
                      {editable ? (
                        <select
                          aria-label={`Presence of ${name}`}
                          value={link.presence}
                          onChange={(e) => setPresence(link.attributeId, e.target.value as Presence)}
                        >
                          {PRESENCES.map((p) => (
                            <option key={p} value={p}>
                              {p}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <PresenceBadge presence={link.presence} />
                      )}
                    </td>
                    {editable ? (
                      <td>
                        <span className="co-actions" style={{ flexWrap: 'nowrap' }}>
                          {loaded ? (
                            <Button
                              variant="ghost"
                              className="tp-small-btn"
                              aria-expanded={narrowing === link.attributeId}
                              aria-label={`Narrow ${name} here`}
                              onClick={() => setNarrowing(narrowing === link.attributeId ? null : link.attributeId)}
                            >
                              Narrow
                            </Button>
                          ) : null}
                          <Button
                            variant="ghost"
                            className="tp-small-btn"
                            aria-label={`Remove ${name}`}
                            onClick={() => removeLink(link.attributeId)}
                          >
                            Remove
                          </Button>
                        </span>
                      </td>
                    ) : null}
                  </tr>
                  {editable && loaded && narrowing === link.attributeId ? (
                    <tr>
                      <td colSpan={4}>
                        <LinkOverride
                          attribute={loaded}
                          override={override}
                          onChange={(v) => setOverride(link.attributeId, v)}
                        />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {editable ? (
        <EntityPicker
          kind="attribute"
          label="Add attribute"
          excludeIds={links.map((l) => l.attributeId)}
          filters={scope ? { scope } : undefined}
          refusal={(a) => (NEVER_LINKED.includes(a.scope) ? `${a.scope} traits are not sent with events` : null)}
          describe={describe}
          onPick={add}
          testId={`${testId}-picker`}
        />
      ) : null}
    </div>
  );
}
