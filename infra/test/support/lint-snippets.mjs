// Lints code snippets as if they were files of the repository, with the root lint configuration.
// Runs as its own Node process because ESLint loads its configuration as an ES module.
// stdin: [{ filePath, code }] (filePath from the repository root); stdout: one list of messages each.
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../..');
const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
const results = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
