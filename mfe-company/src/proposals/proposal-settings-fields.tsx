import type { CompanySettings } from '@tracemap/shell-core';

type ProposalSettings = Pick<CompanySettings, 'proposalsRequired' | 'approvalsRequired' | 'approvers'>;

/** The company settings for proposals: whether changes must go through them, and the approvals a merge needs. */
export function ProposalSettingsFields({
  settings,
  canEdit,
  onChange,
}: {
  settings: ProposalSettings;
  canEdit: boolean;
  onChange: (next: ProposalSettings) => void;
}) {
  return (
    <fieldset className="co-form" style={{ border: 0, padding: 0, margin: 0 }} data-testid="settings-proposals">
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>Proposals</legend>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input
          type="checkbox"
          checked={settings.proposalsRequired ?? false}
          disabled={!canEdit}
          onChange={(e) => onChange({ ...settings, proposalsRequired: e.target.checked })}
          data-testid="settings-proposalsRequired"
        />
        Changes to the plan go through proposals (only owners edit the live plan directly)
      </label>
      <label>
        Approvals a proposal needs before it is merged
        <select
          value={settings.approvalsRequired ?? 0}
          disabled={!canEdit}
          onChange={(e) => onChange({ ...settings, approvalsRequired: Number(e.target.value) })}
          data-testid="settings-approvalsRequired"
        >
          {[0, 1, 2, 3].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Who may approve
        <select
          value={settings.approvers ?? 'editors'}
          disabled={!canEdit}
          onChange={(e) => onChange({ ...settings, approvers: e.target.value as 'admins' | 'editors' })}
          data-testid="settings-approvers"
        >
          <option value="editors">Everyone who edits the plan</option>
          <option value="admins">Admins and owners</option>
        </select>
      </label>
    </fieldset>
  );
}
