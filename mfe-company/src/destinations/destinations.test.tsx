import { renderToStaticMarkup } from 'react-dom/server';
import type { DestinationPreviewAnswer, DestinationView } from '@tracemap/contracts';
import { DestinationForm } from './destination-form';
import { PreviewPanel } from './preview-panel';

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
