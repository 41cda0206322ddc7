import { renderToStaticMarkup } from 'react-dom/server';
import { GA4_PULL_NOTE, type Source } from '@tracemap/contracts';
import {
  collectorUrl,
  createSource,
  deleteSource,
  pullSource,
  rotateSourceKey,
  uploadContentType,
} from './api/discovery-api';
import { Ga4PullNote, SourceActions } from './components/source-actions';
import { NewCollector, SourcesTab } from './components/sources-tab';
import { amplitudeSourceBody, ga4SourceBody } from './logic/source-bodies';
import { buttons, recordFetch, restoreFetchAfterEach } from './discovery-test-support';

describe('roles', () => {
  test('sources: a viewer only reads, a creator uploads, an admin also creates a collector', () => {
    const render = (canUpload: boolean, canManage: boolean) =>
      renderToStaticMarkup(
        <SourcesTab companyId="c1" canUpload={canUpload} canManage={canManage} onUploaded={() => undefined} />,
      );
    const viewer = render(false, false);
    expect(viewer).not.toContain('data-testid="upload-form"');
    expect(viewer).not.toContain('data-testid="collector-form"');
    expect(viewer).toContain('data-testid="sources-read-only"');
    expect(viewer).not.toContain('data-testid="ga4-form"');
    expect(viewer).not.toContain('data-testid="amplitude-form"');
    const creator = render(true, false);
    expect(creator).toContain('data-testid="upload-form"');
    expect(creator).not.toContain('data-testid="collector-form"');
    expect(creator).not.toContain('data-testid="ga4-form"');
    expect(creator).not.toContain('data-testid="amplitude-form"');
    const admin = render(true, true);
    expect(admin).toContain('data-testid="upload-form"');
    expect(admin).toContain('data-testid="collector-form"');
    expect(admin).toContain('data-testid="ga4-form"');
    expect(admin).toContain('data-testid="amplitude-form"');
    expect(admin).not.toContain('data-testid="sources-read-only"');
    // Secrets are typed into password fields, never filled from anywhere.
    expect(admin).toMatch(/<input type="password"[^>]*data-testid="amplitude-secret-key"/);
    // Every format the upload API names is offered.
    expect(
      creator.match(/<option value="(auto|ga4-bigquery|amplitude-export|segment|rudderstack|mparticle|snowplow)"/g),
    ).toHaveLength(7);
  });

  test('source actions: pull for GA4 and Amplitude, rotate for a collector, delete for all; GA4 shows its note', () => {
    const source = (over: Partial<Source>): Source => ({
      id: '00000000-0000-4000-8000-000000000003',
      kind: 'collector',
      name: 'S',
      format: null,
      ingestKeyPrefix: null,
      keyRotatedAt: null,
      propertyId: null,
      region: null,
      hasCredentials: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...over,
    });
    const actions = (s: Source) =>
      buttons(
        renderToStaticMarkup(
          <SourceActions companyId="c1" source={s} onKeyRotated={() => undefined} onDeleted={() => undefined} />,
        ),
      );
    expect(actions(source({ kind: 'collector' }))).toEqual(['Rotate key', 'Delete']);
    expect(actions(source({ kind: 'ga4', propertyId: '123' }))).toEqual(['Pull now', 'Delete']);
    expect(actions(source({ kind: 'amplitude', region: 'eu' }))).toEqual(['Pull now', 'Delete']);
    expect(actions(source({ kind: 'upload' }))).toEqual(['Delete']);
    expect(renderToStaticMarkup(<Ga4PullNote />)).toContain(GA4_PULL_NOTE.slice(0, 40));
  });
});

describe('requests', () => {
  restoreFetchAfterEach();

  test('the Amplitude form sends the contract body: name, region and both keys as credentials', async () => {
    const body = amplitudeSourceBody({ name: ' Prod ', apiKey: ' ak ', secretKey: 'sk', region: 'eu' });
    expect(body).toEqual({
      kind: 'amplitude',
      name: 'Prod',
      region: 'eu',
      credentials: { apiKey: 'ak', secretKey: 'sk' },
    });
    expect(ga4SourceBody({ name: 'GA4', propertyId: ' 123456 ', serviceAccountKey: '{"type":"x"}' })).toEqual({
      kind: 'ga4',
      name: 'GA4',
      propertyId: '123456',
      credentials: { serviceAccountKey: '{"type":"x"}' },
    });
    const calls = recordFetch(201, { source: {} });
    await createSource('c1', body);
    expect(calls[0].url).toBe('/api/insights/c1/discovery/sources');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(calls[0].init.body as string)).toEqual(body);
  });

  test('rotating a key posts to rotate-key and the new URL is shown once with its copy button', async () => {
    const calls = recordFetch(200, { source: {}, ingestKey: 'ik_new' });
    const answer = await rotateSourceKey('c1', 's 1');
    expect(calls[0].url).toBe('/api/insights/c1/discovery/sources/s%201/rotate-key');
    expect(calls[0].init.method).toBe('POST');
    const url = collectorUrl('https://app.example', answer.ingestKey);
    const html = renderToStaticMarkup(<NewCollector url={url} />);
    expect(html).toContain('<code data-testid="collector-url">https://app.example/api/insights/collect/ik_new</code>');
    expect(html).toContain('data-testid="collector-copy"');
  });

  test('pull and delete go to their routes', async () => {
    const calls = recordFetch(202, { runId: 'r1' });
    await expect(pullSource('c1', 's1')).resolves.toEqual({ runId: 'r1' });
    expect(calls[0].url).toBe('/api/insights/c1/discovery/sources/s1/pull');
    expect(calls[0].init.method).toBe('POST');
    const deletes = recordFetch(204, null);
    await deleteSource('c1', 's1');
    expect(deletes[0].url).toBe('/api/insights/c1/discovery/sources/s1');
    expect(deletes[0].init.method).toBe('DELETE');
  });

  test('uploads are sent with the content type their name says', () => {
    expect(uploadContentType('events.ndjson')).toBe('application/x-ndjson');
    expect(uploadContentType('export.JSON')).toBe('application/json');
    expect(uploadContentType('day.json.gz')).toBe('application/gzip');
    expect(uploadContentType('amplitude.zip')).toBe('application/zip');
  });
});
