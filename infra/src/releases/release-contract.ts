import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MICRO_FRONTENDS, sharedContractOf, type SharedVersions } from '@tracemap/contracts';
import { appImports, shellProvides, type ModuleContract } from './module-contract';

/**
 * What the shell and each remote agree on at a release: the shared singletons' versions (the shell
 * provides, each remote expects a range) and the names each remote imports from them at run time
 * (the shell must export every one). Kept for the previous release, it is what a new shell or a
 * new remote must still fit.
 */
export interface ReleaseContract {
  shell: SharedVersions;
  remotes: Record<string, SharedVersions>;
  modules: { shell: ModuleContract; remotes: Record<string, ModuleContract> };
}

const manifestOf = (root: string, folder: string) =>
  JSON.parse(readFileSync(path.join(root, folder, 'dist', 'mf-manifest.json'), 'utf8')) as Parameters<
    typeof sharedContractOf
  >[0];

/** The contract of the apps as built now (versions from the built manifests, names from the sources). */
export function currentReleaseContract(root: string): ReleaseContract {
  const provided = shellProvides(root);
  return {
    shell: sharedContractOf(manifestOf(root, 'shell')).provides,
    remotes: Object.fromEntries(
      MICRO_FRONTENDS.map((app) => [app.name, sharedContractOf(manifestOf(root, app.folder)).expects]),
    ),
    modules: {
      shell: provided.values,
      remotes: Object.fromEntries(
        MICRO_FRONTENDS.map((app) => [app.name, appImports(path.join(root, app.folder, 'src'), provided)]),
      ),
    },
  };
}
