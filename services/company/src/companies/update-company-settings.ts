import { withoutNulls } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import { audited } from '../core/audit';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import { publicCompany } from '../core/settings';
import { tenantTransaction } from '../core/tenant';
import { findCompany, updateCompany, type CompanySettings } from '../core/company-repository';

export interface UpdateSettingsInput {
  companyId: string;
  userId: string;
  /** Null, like a field left out, keeps the current value. */
  name?: string | null;
  settings: { [K in keyof CompanySettings]?: CompanySettings[K] | null };
}

export async function updateCompanySettings(deps: CompanyDeps, input: UpdateSettingsInput) {
  const name = input.name?.trim();
  const given: CompanySettings = withoutNulls(input.settings);
  const settings = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as CompanySettings;
  if (name === undefined && Object.keys(settings).length === 0) {
    throw new AppError(400, 'nothing_to_update', MESSAGES.nothingToUpdate);
  }
  const { after: updated, changes } = await tenantTransaction(
    deps.db,
    { companyId: input.companyId, userId: input.userId },
    async (client) => {
      const before = await findCompany(client, input.companyId);
      if (!before) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
      const after = await updateCompany(client, input.companyId, {
        name,
        settings: Object.keys(settings).length > 0 ? settings : undefined,
      });
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (name !== undefined && name !== before.name) changes.name = { from: before.name, to: name };
      for (const [key, value] of Object.entries(settings)) {
        const previous = (before.settings as Record<string, unknown>)[key];
        if (previous !== value) changes[key] = { from: previous ?? null, to: value };
      }
      return { after: after!, changes };
    },
  );
  deps.infoCache.invalidate(input.companyId);
  // Inheritance, name cases and lint rules are settings: effective schemas and lint change with them.
  deps.planReads.invalidate(input.companyId);
  const answer = { company: publicCompany(updated) };
  return Object.keys(changes).length > 0 ? audited(answer, { details: changes }) : answer;
}
