import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_AMPLITUDE_KEYS, LOCAL_GA4_PROPERTY, startLocalAnalyticsSandbox } from '../src';

describe('the local stand-ins', () => {
  it('hold recent generated traffic and write the GA4 key file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'analytics-sandbox-'));
    const now = Date.UTC(2026, 0, 10, 12, 30);
    const sandbox = await startLocalAnalyticsSandbox({ dataDir, now });
    try {
      const keyFile = JSON.parse(await readFile(sandbox.serviceAccountKeyFile, 'utf8')) as { token_uri: string };
      expect(keyFile.token_uri).toBe(sandbox.tokenUrl);
      const property = sandbox.data.ga4.properties[LOCAL_GA4_PROPERTY];
      expect(property.events.reduce((sum, e) => sum + e.count, 0)).toBe(5000);
      expect(property.events.every((e) => e.date <= '2026-01-10')).toBe(true);
      const [project] = sandbox.data.amplitude.projects;
      expect(project).toMatchObject(LOCAL_AMPLITUDE_KEYS);
      const times = project.events.map((e) => String(e.event_time));
      expect(times.every((t) => t < '2026-01-10 12:00:00')).toBe(true);
      expect(times.some((t) => t >= '2026-01-10 11:00:00')).toBe(true);
    } finally {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
