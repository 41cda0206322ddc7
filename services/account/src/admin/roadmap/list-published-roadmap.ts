import type { PublicRoadmapAnswer } from '@tracemap/contracts';
import type { AccountDeps } from '../../deps';
import { listPublished } from './roadmap-repository';

/** The public roadmap: published items only, in the admins' order. */
export async function listPublishedRoadmap(deps: AccountDeps): Promise<PublicRoadmapAnswer> {
  return { items: await listPublished(deps.pool) };
}
