// Runs one proposal merge as a process of its own, for a test to kill it mid-merge.
import pg from 'pg';
import type { CompanyDeps } from '../../../../src/core/deps';
import { mergeProposal } from '../../../../src/tracking-plan/proposals/merge-proposal';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main(): Promise<void> {
  const db = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 1 });
  // The merge uses the database alone until it commits; what it tells caches afterwards is never reached here.
  const deps = { db } as unknown as CompanyDeps;
  await mergeProposal(
    deps,
    { companyId: env('COMPANY_ID'), userId: env('USER_ID'), role: 'owner' },
    env('PROPOSAL_ID'),
  );
  await db.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
