import { SERVICE_TOKEN } from '../support/account-app';
import { startAdminWorld, type AdminWorld } from './admin-world';

const A = '/api/account/admin';
const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', '@tracemap/shell-core': '0.0.0' };
const FITS = { react: '^19.1.0', 'react-dom': '^19.1.0', '@tracemap/shell-core': '^0.0.0' };
let world: AdminWorld;

beforeAll(async () => {
  world = await startAdminWorld();
}, 60_000);

afterAll(async () => {
  await world?.stack.stop();
});

const publish = (version: string, expects: Record<string, string> = FITS, remote = 'mfe_company') =>
  world.call(world.admin, {
    method: 'POST',
    url: `${A}/releases`,
    payload: { remote, version, entry: `/releases/mfe-company/${version}/mf-manifest.json`, expects },
  });
const rollback = (payload: object = {}) =>
  world.call(world.admin, { method: 'POST', url: `${A}/releases/mfe_company/rollback`, payload });
const current = async () =>
  (
    await world.stack.account.app.inject({
      method: 'GET',
      url: '/internal/releases/current',
      headers: { 'x-service-token': SERVICE_TOKEN },
    })
  ).json().remotes;
const audit = async () =>
  (await world.call(world.admin, { method: 'GET', url: `${A}/audit?limit=200` }))
    .json()
    .entries.filter((e: { action: string }) => e.action.startsWith('release.'))
    .map((e: { action: string; targetId: string | null; details: object }) => [e.action, e.targetId, e.details]);

test('release, refusal, rollback: the registry in the database, each change audited, nothing changed by a refusal', async () => {
  // No shell recorded yet: nothing can be checked, so nothing is released.
  const early = await publish('0.0.0-aaaa');
  expect(early.json()).toEqual({
    statusCode: 409,
    code: 'shell_contract_unknown',
    message:
      'What the deployed shell provides is not recorded yet, so no remote can be checked against it. Record it first: npm run release:remote -- shell.',
  });

  const shell = await world.call(world.admin, {
    method: 'PUT',
    url: `${A}/releases/shell`,
    payload: { provides: SHELL },
  });
  expect(shell.json()).toMatchObject({ shell: { provides: SHELL, recordedBy: world.admin.email }, incompatible: [] });

  const first = await publish('0.0.0-aaaa');
  expect(first.statusCode).toBe(201);
  expect(first.json().current).toMatchObject({ version: '0.0.0-aaaa', releasedBy: world.admin.email });
  const second = await publish('0.0.0-bbbb');
  expect(second.json().releases.map((r: { version: string }) => r.version)).toEqual(['0.0.0-bbbb', '0.0.0-aaaa']);
  expect(await current()).toEqual([
    { name: 'mfe_company', entry: '/releases/mfe-company/0.0.0-bbbb/mf-manifest.json', version: '0.0.0-bbbb' },
  ]);

  // Built against another React and a newer shell-core: refused, each package named, the current release kept.
  const incompatible = await publish('0.0.0-cccc', { react: '^18.2.0', '@tracemap/shell-core': '^0.1.0' });
  expect(incompatible.json()).toEqual({
    statusCode: 409,
    code: 'release_incompatible',
    message:
      'mfe_company is not compatible with the current shell: it expects @tracemap/shell-core ^0.1.0 (the shell provides 0.0.0), react ^18.2.0 (the shell provides 19.3.1).',
  });
  // A version names one build: the same version from elsewhere is refused.
  const taken = await world.call(world.admin, {
    method: 'POST',
    url: `${A}/releases`,
    payload: {
      remote: 'mfe_company',
      version: '0.0.0-aaaa',
      entry: 'https://cdn.example.com/x/mf-manifest.json',
      expects: FITS,
    },
  });
  expect(taken.json().code).toBe('release_version_taken');
  const unknown = await publish('0.0.0-dddd', FITS, 'mfe_nothing');
  expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'unknown_remote']);
  const malformed = await world.call(world.admin, {
    method: 'POST',
    url: `${A}/releases`,
    payload: { remote: 'mfe_company', version: '../x', entry: 'javascript:alert(1)', expects: FITS },
  });
  expect(malformed.statusCode).toBe(400);
  expect((await current())[0].version).toBe('0.0.0-bbbb');

  // Back to the one before, then to the gateway's own build, then nothing further back.
  expect((await rollback()).json().current.version).toBe('0.0.0-aaaa');
  expect((await rollback()).json().current).toBeNull();
  expect(await current()).toEqual([]);
  expect((await rollback()).json().code).toBe('nothing_to_roll_back');
  // A named version, and one that does not exist.
  expect((await rollback({ version: '0.0.0-bbbb' })).json().current.version).toBe('0.0.0-bbbb');
  expect((await rollback({ version: '9.9.9-zzzz' })).json()).toMatchObject({
    statusCode: 404,
    code: 'release_not_found',
  });

  // A shell that moved on is recorded (it is out already), naming the current release it no longer fits,
  // and refuses a rollback to a build it does not fit.
  const moved = await world.call(world.admin, {
    method: 'PUT',
    url: `${A}/releases/shell`,
    payload: { provides: { ...SHELL, '@tracemap/shell-core': '0.1.0' } },
  });
  expect(moved.json().incompatible).toEqual([
    {
      remote: 'mfe_company',
      version: '0.0.0-bbbb',
      message:
        'mfe_company is not compatible with the current shell: it expects @tracemap/shell-core ^0.0.0 (the shell provides 0.1.0).',
    },
  ]);
  const stale = await rollback({ version: '0.0.0-aaaa' });
  expect(stale.json().code).toBe('release_incompatible');
  expect((await current())[0].version).toBe('0.0.0-bbbb');

  expect(await audit()).toEqual([
    [
      'release.shell_recorded',
      null,
      { provides: { ...SHELL, '@tracemap/shell-core': '0.1.0' }, incompatible: ['mfe_company'] },
    ],
    ['release.rolled_back', 'mfe_company', { from: null, to: '0.0.0-bbbb' }],
    ['release.rolled_back', 'mfe_company', { from: '0.0.0-aaaa', to: null }],
    ['release.rolled_back', 'mfe_company', { from: '0.0.0-bbbb', to: '0.0.0-aaaa' }],
    ['release.published', 'mfe_company', expect.objectContaining({ version: '0.0.0-bbbb', again: false })],
    ['release.published', 'mfe_company', expect.objectContaining({ version: '0.0.0-aaaa', again: false })],
    ['release.shell_recorded', null, { provides: SHELL, incompatible: [] }],
  ]);
});

test('the current releases are internal: the service token is required', async () => {
  const res = await world.stack.account.app.inject({ method: 'GET', url: '/internal/releases/current' });
  expect(res.statusCode).toBe(401);
});
