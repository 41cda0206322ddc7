import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVICE_NAMES } from '../../src/stack';
import { envOf, execForm, readDockerfile } from './support/dockerfile';

// One recipe per service, all of one shape; the company one is replayed for real in pruned-image.test.ts.
describe.each([...SERVICE_NAMES, 'gateway'])('the %s image', (name) => {
  const dockerfile = readDockerfile(path.join(REPO_ROOT, 'deploy', 'docker', `${name}.Dockerfile`));
  const steps = (stage: string, keyword: string) =>
    dockerfile
      .stage(stage)
      .instructions.filter((i) => i.keyword === keyword)
      .map((i) => i.args);

  test('is pruned to its own workspace and compiled in a stage that does not ship', () => {
    expect(steps('prune', 'RUN').join('\n')).toContain(`turbo@2.11.9 prune @tracemap/${name} --docker`);
    expect(steps('build', 'RUN').join('\n')).toContain(`turbo run build --filter=@tracemap/${name}`);
    expect(dockerfile.stages.at(-1)!.name).toBe('runtime');
  });

  test('runs its compiled server with production dependencies only, as a user other than root', () => {
    const run = steps('runtime', 'RUN').join('\n');
    expect(run).toContain('npm ci --omit=dev');
    expect(steps('runtime', 'COPY')).toContain(`/app/services/${name}/dist ./services/${name}/dist`);
    expect(execForm(steps('runtime', 'CMD')[0])).toEqual(['node', `services/${name}/dist/server.js`]);
    expect(steps('runtime', 'USER').at(-1)).toBe('node');
    expect(envOf(dockerfile.stage('runtime'))).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
  });

  test('checks its own health route', () => {
    expect(steps('runtime', 'HEALTHCHECK')[0]).toContain("'/health'");
  });
});

test('the web assets image and the build context rules exist beside them', () => {
  const web = readDockerfile(path.join(REPO_ROOT, 'deploy', 'docker', 'web.Dockerfile'));
  expect(web.stage('runtime').instructions.some((i) => i.keyword === 'HEALTHCHECK')).toBe(true);
  expect(
    web
      .stage('runtime')
      .instructions.filter((i) => i.keyword === 'USER')
      .at(-1)?.args,
  ).toBe('101');
  expect(existsSync(path.join(REPO_ROOT, '.dockerignore'))).toBe(true);
});
