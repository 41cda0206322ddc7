import type { UpdateNameInput } from '@tracemap/contracts';
import { AppError, withTransaction, type AuthContext } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { updateName as saveName, upsertProfile } from './profile-repository';

export const NAME_REQUIRED = 'First name and last name are required';

export async function updateName(
  deps: AccountDeps,
  auth: AuthContext,
  input: UpdateNameInput,
): Promise<UpdateNameInput> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw new AppError(400, 'validation_failed', NAME_REQUIRED);
  await withTransaction(deps.pool, async (client) => {
    await upsertProfile(client, { userId: auth.userId, email: auth.email });
    await saveName(client, auth.userId, firstName, lastName);
  });
  deps.syncCache.invalidate(auth.userId);
  return { firstName, lastName };
}
