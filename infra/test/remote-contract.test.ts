import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MICRO_FRONTENDS, releaseMismatches } from '@tracemap/contracts';
import { missingImports } from '../src/releases/module-contract';
import { currentReleaseContract, type ReleaseContract } from '../src/releases/release-contract';
import { REPO_ROOT } from '../src/stack';

/**
 * The shell and each remote are released on their own, so each must run with the other side as it
 * was at the previous release: the shared singletons' versions must fall in the ranges expected,
 * and every name a remote imports from them must be exported by the shell. The previous release's
 * contract is kept in a fixture; the current one comes from the built manifests and the sources.
 * A change that breaks either direction fails here, until the fixture is moved on deliberately
 * (`npm run release:record-contract`) — after every remote has been rebuilt and released for the
 * new shell.
 */
const previous = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'previous-release-contract.json'), 'utf8'),
) as ReleaseContract;

let current: ReleaseContract;
beforeAll(() => {
  current = currentReleaseContract(REPO_ROOT);
});

const REMOTES = MICRO_FRONTENDS.map((app) => app.name);

test('the fixture names every remote of the manifest', () => {
  expect(Object.keys(previous.remotes).sort()).toEqual([...REMOTES].sort());
  expect(Object.keys(previous.modules.remotes).sort()).toEqual([...REMOTES].sort());
});

describe.each(REMOTES)('%s', (name) => {
  test('as built now runs in the shell as built now', () => {
    expect(releaseMismatches(current.shell, current.remotes[name])).toEqual([]);
    expect(missingImports(current.modules.shell, current.modules.remotes[name])).toEqual([]);
  });

  test('its previous release runs in the current shell', () => {
    expect(releaseMismatches(current.shell, previous.remotes[name])).toEqual([]);
    expect(missingImports(current.modules.shell, previous.modules.remotes[name])).toEqual([]);
  });

  test('as built now runs in the previous release of the shell', () => {
    expect(releaseMismatches(previous.shell, current.remotes[name])).toEqual([]);
    expect(missingImports(previous.modules.shell, current.modules.remotes[name])).toEqual([]);
  });
});

test('the version check is not empty: a shell one React major ahead is refused for every previous remote', () => {
  const ahead = { ...previous.shell, react: '20.0.0' };
  for (const name of REMOTES) {
    expect(releaseMismatches(ahead, previous.remotes[name]).map((m) => m.package)).toEqual(['react']);
  }
});

test('the names check is not empty: every remote uses the router and shell-core, and a shell without one of them is refused', () => {
  for (const name of REMOTES) {
    const imports = current.modules.remotes[name];
    expect(imports['react-router']).toContain('Route');
    expect(imports['@tracemap/shell-core']?.length).toBeGreaterThan(0);
    const withoutRoute = {
      ...current.modules.shell,
      'react-router': current.modules.shell['react-router'].filter((n) => n !== 'Route'),
    };
    expect(missingImports(withoutRoute, imports)).toEqual(['react-router: Route']);
  }
});

test('type-only imports are not part of the contract: a type the shell exports is never required at run time', () => {
  const everyImport = REMOTES.flatMap((name) => current.modules.remotes[name]['@tracemap/shell-core'] ?? []);
  // ApiError is a class (a value); CompanySettings is only a type.
  expect(everyImport).toContain('ApiError');
  expect(everyImport).not.toContain('CompanySettings');
});
