import semver from 'semver';
import type { SharedVersions } from './remote-releases';

/** One package a remote expects that the shell does not provide in a fitting version. */
export interface ReleaseMismatch {
  package: string;
  expected: string;
  /** What the shell provides; null when it provides no such package. */
  provided: string | null;
}

/** A shared module's package: `react-dom/client` is `react-dom`, `@tracemap/ui/x` is `@tracemap/ui`. */
export function packageOf(moduleName: string): string {
  const parts = moduleName.split('/');
  return moduleName.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string | false;
}

/**
 * What a build's federation manifest says about its shared singletons, per package: the range it
 * asks for (`expects`) and the version it was built with (`provides`). A workspace package asked
 * for with `*` is expected at its built version's compatible range (`^0.0.0` accepts 0.0.0 only).
 */
export function sharedContractOf(manifest: { shared?: ManifestShared[] }): {
  expects: SharedVersions;
  provides: SharedVersions;
} {
  const expects: SharedVersions = {};
  const provides: SharedVersions = {};
  for (const shared of manifest.shared ?? []) {
    const name = packageOf(shared.name);
    const asked = typeof shared.requiredVersion === 'string' ? shared.requiredVersion : '*';
    expects[name] = asked === '*' || asked === '' ? `^${shared.version}` : asked;
    provides[name] = shared.version;
  }
  return { expects, provides };
}

/**
 * The packages a remote expects that the shell does not satisfy. Every expected package must be
 * provided by the shell (a singleton the shell lacks would load twice or not at all) at a version
 * inside the expected range. Empty means compatible.
 */
export function releaseMismatches(provides: SharedVersions, expects: SharedVersions): ReleaseMismatch[] {
  const mismatches: ReleaseMismatch[] = [];
  for (const [pkg, expected] of Object.entries(expects).sort(([a], [b]) => a.localeCompare(b))) {
    const provided = provides[pkg] ?? null;
    const fits = provided !== null && semver.valid(provided) !== null && semver.satisfies(provided, expected);
    if (!fits) mismatches.push({ package: pkg, expected, provided });
  }
  return mismatches;
}

/** One sentence naming every mismatched package, for the refusal a release gets. */
export function describeMismatches(remote: string, mismatches: ReleaseMismatch[]): string {
  const parts = mismatches.map((m) =>
    m.provided === null
      ? `${m.package} ${m.expected} (the shell provides none)`
      : `${m.package} ${m.expected} (the shell provides ${m.provided})`,
  );
  return `${remote} is not compatible with the current shell: it expects ${parts.join(', ')}.`;
}
