// With DATABASE_URL set, every suite above ran on PostgreSQL. The product's default is the
// embedded database (one backend that every service shares, where a transaction held open
// across a call to another service stalls them all), so the browser suites that cross
// services with the database most run once more on it. Without DATABASE_URL they already did.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) process.exit(0);
const env = { ...process.env };
delete env.DATABASE_URL;
const suites = ['test/browser/companies.test.ts', 'test/browser/admin.test.ts', 'test/browser/tracking-plan.test.ts'];
console.log('Again on the embedded database:', suites.join(', '));
const run = spawnSync('npx', ['jest', '--runInBand', ...suites], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
