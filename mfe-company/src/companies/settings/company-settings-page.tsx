import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@tracemap/ui';
import { hasAdminRights } from '@tracemap/shell-core/roles';
import { NAME_CASES, type CompanySettings, type NameCase } from '@tracemap/shell-core';
import { updateCompanySettings } from '@tracemap/shell-core/company-api';
import { AssistantSettings } from '../../assistant/components/assistant-settings';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { useAction } from '../../hooks/use-action';
import { ProposalSettingsFields } from '../../proposals/proposal-settings-fields';

const CASE_LABELS: Record<NameCase, string> = {
  any: 'Any',
  snake_case: 'snake_case',
  camelCase: 'camelCase',
  PascalCase: 'PascalCase',
  'Title Case': 'Title Case',
};

/** /company/:companyId/settings: editable with admin rights, read-only for everyone else. */
export function CompanySettingsPage() {
  const { companyId, info, reload } = useCompany();
  const canEdit = hasAdminRights(info.role);
  const [name, setName] = useState(info.company.name);
  const [settings, setSettings] = useState<CompanySettings>(info.company.settings);
  const [saved, setSaved] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [embedOrigins, setEmbedOrigins] = useState((info.company.settings.mapEmbedOrigins ?? []).join('\n'));
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!name.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const mapEmbedOrigins = embedOrigins
      .split(/[\s,]+/)
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    const done = await run(() => updateCompanySettings({ companyId, name: name.trim(), ...settings, mapEmbedOrigins }));
    if (!done) return;
    setSaved(true);
    await reload();
  }

  const caseSelect = (key: 'eventNameCase' | 'attributeNameCase', label: string) => (
    <label>
      {label}
      <select
        value={settings[key]}
        disabled={!canEdit}
        onChange={(e) => setSettings({ ...settings, [key]: e.target.value as NameCase })}
        data-testid={`settings-${key}`}
      >
        {NAME_CASES.map((c) => (
          <option key={c} value={c}>
            {CASE_LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="tm-container co-page" data-testid="company-settings" data-editable={canEdit}>
      <h1>Company settings</h1>
      <p>
        <Link to="/company/slack" data-testid="settings-slack-link">
          Slack notifications
        </Link>
        {' · '}
        <Link to={`/company/${companyId}/settings/destinations`} data-testid="settings-destinations-link">
          Destinations
        </Link>
      </p>
      {!canEdit ? (
        <p className="co-muted" data-testid="settings-read-only">
          Only owners and admins can change these settings.
        </p>
      ) : null}
      <form className="co-form" onSubmit={submit} noValidate>
        <label>
          Company name
          <input
            value={name}
            maxLength={100}
            readOnly={!canEdit}
            aria-invalid={invalid || undefined}
            onChange={(e) => setName(e.target.value)}
            data-testid="settings-name"
          />
        </label>
        {invalid ? (
          <p className="co-error" role="alert">
            Company name is required
          </p>
        ) : null}
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input
            type="checkbox"
            checked={settings.attributeInheritance}
            disabled={!canEdit}
            onChange={(e) => setSettings({ ...settings, attributeInheritance: e.target.checked })}
            data-testid="settings-attributeInheritance"
          />
          Events inherit the attributes of their parents
        </label>
        {caseSelect('eventNameCase', 'Event name case')}
        {caseSelect('attributeNameCase', 'Attribute name case')}
        <label>
          Sites that may embed map previews
          <textarea
            value={embedOrigins}
            rows={3}
            readOnly={!canEdit}
            placeholder="https://wiki.example.com"
            onChange={(e) => setEmbedOrigins(e.target.value)}
            data-testid="settings-mapEmbedOrigins"
          />
          <span className="co-muted">
            One origin per line (http or https, no path), at most 20. Empty: no site may show previews in a frame.
          </span>
        </label>
        <ProposalSettingsFields
          settings={settings}
          canEdit={canEdit}
          onChange={(next) => setSettings({ ...settings, ...next })}
        />
        <ApiErrorMessage error={error} testId="settings-error" />
        {saved ? (
          <p className="co-ok" role="status" data-testid="settings-saved">
            Settings saved.
          </p>
        ) : null}
        {canEdit ? (
          <div>
            <Button type="submit" disabled={busy} data-testid="settings-save">
              {busy ? 'Saving…' : 'Save settings'}
            </Button>
          </div>
        ) : null}
      </form>
      {canEdit ? <AssistantSettings companyId={companyId} /> : null}
    </section>
  );
}
