import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MICRO_FRONTENDS } from '../src';

const README = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

test("the README's development ports are the manifest's, and it says they come from there", () => {
  const line = README.split('\n').find((text) => text.startsWith('today marketing'));
  expect(README).toContain("A remote's dev port is its `port` in the micro-frontends manifest");
  const written = Object.fromEntries(
    [...(line ?? '').split(';')[0].matchAll(/([a-z]+) (\d{4})/g)].map(([, name, port]) => [
      `mfe-${name}`,
      Number(port),
    ]),
  );
  expect(written).toEqual(Object.fromEntries(MICRO_FRONTENDS.map((app) => [app.folder, app.port])));
});
