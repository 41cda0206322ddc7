import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

// In its own process, because a rejection nobody handles ends a Node process
// (and so a service) but not a jest test.
it('stays down, and the process keeps running, when the owner answers the probe after its deadline', async () => {
  const fixture = path.join(__dirname, 'fixtures', 'slow-probe-channel.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, CHANNEL_DATABASE_URL: database.url },
    timeout: 20_000,
  });
  expect(JSON.parse(stdout)).toEqual({ up: false });
});
