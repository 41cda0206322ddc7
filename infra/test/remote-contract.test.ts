import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MICRO_FRONTENDS, releaseMismatches, sharedContractOf, type SharedVersions } from '@tracemap/contracts';
import { REPO_ROOT } from '../src/stack';

/**
 * The shell and each remote are released on their own, so each must run with the other side as it
 * was at the previous release. The previous release's contract is kept in a fixture (what the shell
 * provided, what each remote expected); the current builds' contracts come from their federation
 * manifests. A change that breaks either direction fails here, until the fixture is moved on
 * deliberately — after every remote has been rebuilt and released for the new shell.
 */
const previous = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'previous-release-contract.json'), 'utf8'),
) as { shell: SharedVersions; remotes: Record<string, SharedVersions> };

const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, folder, 'dist', 'mf-manifest.json'), 'utf8')) as {
    shared?: Array<{ name: string; version: string; requiredVersion?: string | false }>;
  };
const currentShell = () => sharedContractOf(manifestOf('shell')).provides;
const REMOTES = MICRO_FRONTENDS.map((app) => [app.name, app.folder] as const);

test('the fixture names every remote of the manifest', () => {
  expect(Object.keys(previous.remotes).sort()).toEqual(MICRO_FRONTENDS.map((app) => app.name).sort());
});

test.each(REMOTES)('%s as built now runs in the shell as built now', (_name, folder) => {
  expect(releaseMismatches(currentShell(), sharedContractOf(manifestOf(folder)).expects)).toEqual([]);
});

test.each(REMOTES)('the current shell runs the previous release of %s', (name) => {
  expect(releaseMismatches(currentShell(), previous.remotes[name])).toEqual([]);
});

test.each(REMOTES)('%s as built now runs in the previous release of the shell', (_name, folder) => {
  expect(releaseMismatches(previous.shell, sharedContractOf(manifestOf(folder)).expects)).toEqual([]);
});

test('the check is not empty: a shell one React major ahead is refused for every previous remote', () => {
  const ahead = { ...previous.shell, react: '20.0.0' };
  for (const name of Object.keys(previous.remotes)) {
    expect(releaseMismatches(ahead, previous.remotes[name]).map((m) => m.package)).toEqual(['react']);
  }
});
