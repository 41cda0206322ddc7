import type { DestinationTestAnswer } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { CompanyActor } from '../../core/company-access';
import type { IntegrationsDeps } from '../../deps';
import { readTarget } from './destination-target';
import { loadTarget } from './load-target';

/**
 * "Test connection": reads what the destination holds with the stored credentials, changing
 * nothing. A refusal or an unreachable destination is an answer (`ok: false`), not an error.
 */
export async function testDestination(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets' | 'config'>,
  actor: CompanyActor,
  id: string,
): Promise<DestinationTestAnswer> {
  const target = await loadTarget(deps, actor, id);
  try {
    await readTarget(deps.config, target, { maxAttempts: 2 });
    return { ok: true, message: `Connected: ${target.settings.kind} answered with what it holds.` };
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 600 && error.code)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
