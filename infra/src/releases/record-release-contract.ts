import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../stack';
import { currentReleaseContract } from './release-contract';

/**
 * Moves the kept "previous release" contract on to the apps as built now. Run it only once every
 * remote has been rebuilt and released for the current shell (npm run build first).
 */
const file = path.join(REPO_ROOT, 'infra', 'test', 'fixtures', 'previous-release-contract.json');
writeFileSync(file, `${JSON.stringify(currentReleaseContract(REPO_ROOT), null, 2)}\n`);
console.log(`Recorded the release contract in ${path.relative(REPO_ROOT, file)}.`);
