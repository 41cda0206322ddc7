import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CODEGEN_DESTINATIONS, type CodegenDestination, type CodegenValidation } from '@tracemap/contracts';
import { generateTypeScript, type GeneratedFile } from '../../src/codegen';
import { samplePlan } from './support';

/**
 * The sample plan's code per destination, compared with golden copies kept
 * next to this test (as `.golden` files, so no tool formats them). Segment
 * without validators is kept whole; every other case keeps only the files that
 * differ from it, and the rest must equal Segment's. After an intended change,
 * `UPDATE_GOLDEN=1 npx jest test/codegen/golden` writes them again; review the
 * diff like any other code.
 */
const FIXTURES = join(__dirname, 'fixtures');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const BASE = 'segment-none';

const cases: Array<[CodegenDestination, CodegenValidation]> = [
  ...CODEGEN_DESTINATIONS.map((d): [CodegenDestination, CodegenValidation] => [d, 'none']),
  ['segment', 'dev'],
];
const generate = ([destination, validation]: [CodegenDestination, CodegenValidation]) =>
  generateTypeScript(samplePlan(), { destination, validation }).files;

const goldenPath = (name: string, path: string) => join(FIXTURES, name, `${path}.golden`);
const goldenOf = (name: string, path: string) =>
  existsSync(goldenPath(name, path)) ? readFileSync(goldenPath(name, path), 'utf8') : undefined;

function listGolden(directory: string, prefix = ''): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listGolden(join(directory, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name.replace(/\.golden$/, '')}`],
  );
}

function write(name: string, files: GeneratedFile[]) {
  rmSync(join(FIXTURES, name), { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(dirname(goldenPath(name, file.path)), { recursive: true });
    writeFileSync(goldenPath(name, file.path), file.content);
  }
}

if (UPDATE) {
  const base = generate(['segment', 'none']);
  write(BASE, base);
  for (const c of cases.slice(1)) {
    const same = (f: GeneratedFile) => base.some((b) => b.path === f.path && b.content === f.content);
    write(
      `${c[0]}-${c[1]}`,
      generate(c).filter((f) => !same(f)),
    );
  }
}

describe.each(cases)('the sample plan for %s with validation %s', (destination, validation) => {
  const name = `${destination}-${validation}`;

  it('gives the golden files', () => {
    const files = generate([destination, validation]);
    // A golden copy with no generated file would be a file the generator stopped writing.
    for (const kept of listGolden(join(FIXTURES, name))) expect(files.map((f) => f.path)).toContain(kept);
    for (const file of files) {
      const golden = goldenOf(name, file.path) ?? goldenOf(BASE, file.path);
      expect({ path: file.path, content: file.content }).toEqual({ path: file.path, content: golden });
    }
  });
});
