import { renderToStaticMarkup } from 'react-dom/server';
import type { DestinationPreviewAnswer, DestinationView } from '@tracemap/contracts';
import { DestinationForm } from './destination-form';
import { PreviewPanel } from './preview-panel';
import { SyncSetPanel } from './sync-set-panel';

const preview = (operations: DestinationPreviewAnswer['operations']): DestinationPreviewAnswer => {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const op of operations) counts[op.action] += 1;
  return {
    destination: 'segment',
    mode: 'mirror',
    operations,
    writeCalls: 2,
    warnings: [{ code: 'not_representable', message: 'Segment has no place for it.', subject: 'page_category' }],
    planVersion: 'v1',
    counts,
  };
};

describe('the preview', () => {
  test('groups the operations by create, update and delete, with the warnings', () => {
    const html = renderToStaticMarkup(
      <PreviewPanel
        preview={preview([
          { action: 'create', target: 'rule', key: 'TRACK:Order Completed' },
          { action: 'create', target: 'rule', key: 'TRACK:Cart Viewed' },
          { action: 'delete', target: 'rule', key: 'TRACK:Old Event' },
        ])}
      />,
    );
    expect(html).toContain('2 to create, 0 to update, 1 to delete in 2 write calls (mirror mode).');
    expect(html).toMatch(/data-testid="preview-create"[^>]*>.*Created \(2\)/);
    expect(html).toMatch(/data-testid="preview-delete"[^>]*>.*Deleted \(1\)/);
    expect(html).not.toContain('preview-update');
    expect(html).toContain('Segment has no place for it.');
  });

  test('says when there is nothing to push', () => {
    expect(renderToStaticMarkup(<PreviewPanel preview={preview([])} />)).toContain(
      'Nothing to push: the destination already matches the plan.',
    );
  });
});

describe('the setup form', () => {
  const save = async () => undefined;

  test('offers the local stand-in’s keys only when the server pushes to it', () => {
    expect(renderToStaticMarkup(<DestinationForm local onSave={save} />)).toContain('destination-use-local');
    expect(renderToStaticMarkup(<DestinationForm local={false} onSave={save} />)).not.toContain(
      'destination-use-local',
    );
  });

  test('offers "Test connection" before saving when it is given a way to test', () => {
    const tested = async () => ({ ok: true, message: 'Connected' });
    expect(renderToStaticMarkup(<DestinationForm local onSave={save} onTest={tested} />)).toMatch(
      /<button[^>]*type="button"[^>]*data-testid="destination-form-test"[^>]*>Test connection/,
    );
    expect(renderToStaticMarkup(<DestinationForm local onSave={save} />)).not.toContain('destination-form-test');
  });

  test('changing a destination keeps its type and shows no credential', () => {
    const existing: DestinationView = {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'mparticle',
      name: 'mParticle prod',
      mode: 'upsert',
      settings: { kind: 'mparticle', workspaceId: '10001', planId: 'web_plan', mode: 'upsert' },
      lastSuccessAt: null,
      lastError: null,
      lastErrorAt: null,
      drift: null,
      lastRun: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const html = renderToStaticMarkup(<DestinationForm local={false} initial={existing} onSave={save} />);
    expect(html).toContain('Change mParticle prod');
    expect(html).toMatch(/<select[^>]*disabled=""[^>]*data-testid="destination-type"/);
    expect(html).toContain('value="web_plan"');
    expect(html.match(/placeholder="unchanged"/g)).toHaveLength(2);
  });
});

describe('pushing several destinations together', () => {
  const destination = (id: string, name: string): DestinationView => ({
    id,
    type: 'segment',
    name,
    mode: 'upsert',
    settings: { kind: 'segment', trackingPlanId: 'tp_1', mode: 'upsert' },
    lastSuccessAt: null,
    lastError: null,
    lastErrorAt: null,
    drift: null,
    lastRun: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const all = [
    destination('00000000-0000-4000-8000-000000000001', 'Segment web'),
    destination('00000000-0000-4000-8000-000000000002', 'Segment app'),
    destination('00000000-0000-4000-8000-000000000003', 'Segment server'),
  ];
  const panel = (selectedIds: string[]) =>
    renderToStaticMarkup(
      <SyncSetPanel companyId="c" destinations={all} selectedIds={selectedIds} onChanged={() => undefined} />,
    );

  test('previews only what is ticked, and offers the push only after the preview', () => {
    const none = panel([]);
    expect(none).toMatch(/<button[^>]*disabled=""[^>]*data-testid="set-preview-button"[^>]*>Preview selected \(0\)/);
    const two = panel([all[0].id, all[2].id]);
    expect(two).toContain('data-selected="2"');
    expect(two).toMatch(/<button(?![^>]*disabled)[^>]*data-testid="set-preview-button"[^>]*>Preview selected \(2\)/);
    expect(two).not.toContain('set-push');
  });
});
