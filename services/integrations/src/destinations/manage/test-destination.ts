import type { DestinationTestAnswer } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { IntegrationsConfig } from '../../config';
import type { CompanyActor } from '../../core/company-access';
import type { IntegrationsDeps } from '../../deps';
import { readTarget, type Target } from './destination-target';
import { loadTarget } from './load-target';

/**
 * Reads what the destination holds with the given credentials, changing nothing. A refusal or
 * an unreachable destination is an answer (`ok: false`), not an error.
 */
export async function testConnection(config: IntegrationsConfig, target: Target): Promise<DestinationTestAnswer> {
  try {
    await readTarget(config, target, { maxAttempts: 2 });
    return { ok: true, message: `Connected: ${target.settings.kind} answered with what it holds.` };
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 600 && error.code)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** "Test connection" of a saved destination, with its stored credentials. */
export async function testDestination(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets' | 'config'>,
  actor: CompanyActor,
  id: string,
): Promise<DestinationTestAnswer> {
  return testConnection(deps.config, await loadTarget(deps, actor, id));
}
