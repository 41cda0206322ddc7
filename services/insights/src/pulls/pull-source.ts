import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { GA4_REPORT_FORMAT, type PullAccepted } from '@tracemap/contracts';
import { createProfileBuilder, mergeProfiles, emptyProfile, type Profile } from '@tracemap/discovery';
import { AppError, type SecretBox } from '@tracemap/service-kit';
import { addToProfile } from '../ingest/profile-repository';
import { advanceRun, extendRunLease, finishRun } from '../ingest/run-repository';
import { removeSpooled } from '../ingest/spool-upload';
import { inCompany } from '../ingest/tenant-transaction';
import { credentialsBinding } from '../sources/create-source';
import { SOURCE_ERRORS } from '../sources/source-errors';
import { downloadAmplitudeExport, type AmplitudeCredentials } from './amplitude-client';
import { Ga4Client, type Ga4Endpoints } from './ga4-client';
import { ga4Dimensions, ga4RowEvent } from './ga4-events';
import { isPullFailure, PullFailure } from './pull-failure';
import {
  findPullSource,
  insertPullRun,
  queueDownloadedRun,
  recordPullAttempt,
  recordPulledUntil,
  type PullSource,
} from './pull-repository';
import { amplitudeRange, ga4DateRange, pullWindow, type PullWindow } from './pull-window';
import type { RetryPolicy } from './vendor-request';
import { weighDelta } from './weigh-delta';

export interface PullSettings {
  /** How often the schedule pulls each source; 0: never (pulls on demand only). */
  intervalMs: number;
  /** How far back a source's first pull reads. */
  firstDays: number;
  /** How long a pull holds its run before the ingest worker may take it over (a pull that died). */
  leaseSeconds: number;
  retry: RetryPolicy;
  ga4: Ga4Endpoints;
  /** Amplitude's API per region of a project. */
  amplitude: { us: string; eu: string };
  /** Rows per page of a GA4 report. */
  ga4PageRows: number;
}

export interface PullDeps {
  db: pg.Pool;
  log: FastifyBaseLogger;
  secrets: SecretBox | null;
  settings: PullSettings;
  /** Where downloads wait for the ingest worker, how large they may be, and how to wake the worker. */
  spool: { dir: string; maxBytes: number; wakeIngest: () => void };
  /** Report rows written to the profile per transaction. */
  batchRows: number;
  /** The company's findings are judged again after a pull wrote to its profile. */
  judge: (companyId: string) => void;
}

export const PULL_ERRORS = {
  notPullable: () => new AppError(400, 'not_pullable', 'Only GA4 and Amplitude sources are pulled.'),
} as const;

const AMPLITUDE_FORMAT = 'amplitude-export';

interface PullInput {
  companyId: string;
  sourceId: string;
  userId: string | null;
}

interface Pull {
  runId: string;
  leaseToken: string;
  companyId: string;
  source: PullSource;
  window: PullWindow | null;
}

/**
 * Pulls of this process: each is started (its run created) on the request or by the
 * schedule and goes on off the request path; `stop` cancels those in flight and waits for
 * them, their runs ending failed so the next pull reads their window again.
 */
export class PullRunner {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: PullDeps) {}

  /**
   * Starts a pull of a source: its run is created at once and answered; the vendor is read
   * afterwards. With no complete hour or day new since the last pull, the run reads nothing.
   */
  async start(input: PullInput): Promise<PullAccepted> {
    const accepted = await this.begin(input, false);
    if (!accepted) throw new Error('a pull on demand always starts');
    return accepted;
  }

  /** As `start`, but nothing is started (null) when no complete hour or day is new: the schedule's pull. */
  startIfNew(input: PullInput): Promise<PullAccepted | null> {
    return this.begin(input, true);
  }

  private async begin(input: PullInput, onlyNew: boolean): Promise<PullAccepted | null> {
    const { deps } = this;
    const runId = randomUUID();
    const leaseToken = randomUUID();
    const pull = await inCompany(deps.db, input.companyId, async (client) => {
      const source = await findPullSource(client, input.companyId, input.sourceId);
      if (!source) throw SOURCE_ERRORS.notFound();
      if (source.kind !== 'ga4' && source.kind !== 'amplitude') throw PULL_ERRORS.notPullable();
      const grain = source.kind === 'ga4' ? 'day' : 'hour';
      const window = pullWindow(grain, source.pulledUntil, Date.now(), deps.settings.firstDays);
      if (!window && onlyNew) return null;
      await insertPullRun(client, {
        id: runId,
        companyId: input.companyId,
        sourceId: source.id,
        requestedFormat: source.kind === 'ga4' ? GA4_REPORT_FORMAT : AMPLITUDE_FORMAT,
        format: source.kind === 'ga4' ? GA4_REPORT_FORMAT : null,
        contentType: source.kind === 'ga4' ? 'application/json' : 'application/zip',
        filePath: '',
        leaseToken,
        leaseSeconds: deps.settings.leaseSeconds,
        createdBy: input.userId,
      });
      await recordPullAttempt(client, input.companyId, source.id, runId);
      return { runId, leaseToken, companyId: input.companyId, source, window };
    });
    if (!pull) return null;
    const work = this.run(pull).finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return { runId };
  }

  /** Resolves once the pulls started so far have ended (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  private async run(pull: Pull): Promise<void> {
    const { deps } = this;
    const holder = { id: pull.runId, leaseToken: pull.leaseToken, leaseSeconds: deps.settings.leaseSeconds };
    try {
      if (!pull.window) {
        await this.finish(pull, { status: 'succeeded' });
        return;
      }
      const credentials = this.credentials(pull);
      if (pull.source.kind === 'ga4') await this.pullGa4(pull, pull.window, credentials, holder);
      else await this.pullAmplitude(pull, pull.window, credentials);
    } catch (error) {
      const failure = isPullFailure(error)
        ? error.message
        : this.abort.signal.aborted
          ? 'The service stopped during the pull; the next pull reads this window again.'
          : 'The pull failed unexpectedly; the next pull reads this window again.';
      if (!isPullFailure(error) && !this.abort.signal.aborted)
        deps.log.error({ err: error, runId: pull.runId }, 'pull failed');
      await this.finish(pull, { status: 'failed', failure }).catch((finishError: unknown) =>
        deps.log.error({ err: finishError, runId: pull.runId }, 'a failed pull could not be recorded'),
      );
    }
  }

  /** The source's credentials, opened only now, for this call. */
  private credentials(pull: Pull): Record<string, unknown> {
    if (!this.deps.secrets || !pull.source.credentials)
      throw new PullFailure('No credentials can be read for this source (the service has no encryption key).');
    try {
      return JSON.parse(
        this.deps.secrets.open(pull.source.credentials, credentialsBinding(pull.companyId, pull.source.id)),
      ) as Record<string, unknown>;
    } catch {
      throw new PullFailure('The stored credentials of this source cannot be read; enter them again.');
    }
  }

  private async pullGa4(
    pull: Pull,
    window: PullWindow,
    credentials: Record<string, unknown>,
    holder: { id: string; leaseToken: string; leaseSeconds: number },
  ): Promise<void> {
    const { deps } = this;
    const client = new Ga4Client(
      deps.settings.ga4,
      String(credentials.serviceAccountKey ?? ''),
      pull.source.propertyId ?? '',
      deps.settings.retry,
      this.abort.signal,
      deps.settings.ga4PageRows,
    );
    const parameters = (await client.customParameters()).slice(0, 7);
    const builder = createProfileBuilder();
    let pending: Profile = emptyProfile();
    let progress = { lines: 0, events: 0, badLines: 0, errors: [], checkpoint: 0 };
    const flush = async () => {
      const delta = pending;
      const batch = progress;
      const held = await inCompany(deps.db, pull.companyId, async (db) => {
        if (!(await advanceRun(db, holder, batch))) return false;
        await addToProfile(db, pull.companyId, delta);
        return true;
      });
      if (!held) throw new PullFailure('The run was cancelled.');
      pending = emptyProfile();
      progress = { lines: 0, events: 0, badLines: 0, errors: [], checkpoint: batch.checkpoint };
    };
    let rows = 0;
    for await (const row of client.report(ga4DateRange(window), ga4Dimensions(parameters))) {
      rows += 1;
      const read = ga4RowEvent(row, parameters, pull.source.id, window.end - 1);
      progress.lines += 1;
      progress.checkpoint = rows;
      if (!read) continue;
      builder.add(read.event);
      pending = mergeProfiles(pending, weighDelta(builder.drain(), read.count));
      progress.events += read.count;
      if (progress.lines >= deps.batchRows) await flush();
    }
    await flush();
    await inCompany(deps.db, pull.companyId, async (db) => {
      if (!(await finishRun(db, holder, { status: 'succeeded' }))) throw new PullFailure('The run was cancelled.');
      await recordPulledUntil(db, pull.companyId, pull.source.id, window.end);
    });
    deps.judge(pull.companyId);
  }

  private async pullAmplitude(pull: Pull, window: PullWindow, credentials: Record<string, unknown>): Promise<void> {
    const { deps } = this;
    const holder = { id: pull.runId, leaseToken: pull.leaseToken, leaseSeconds: deps.settings.leaseSeconds };
    const keep = setInterval(
      () =>
        void inCompany(deps.db, pull.companyId, (db) => extendRunLease(db, holder)).catch((error: unknown) =>
          deps.log.warn({ err: error, runId: pull.runId }, 'a pull could not keep its run'),
        ),
      (deps.settings.leaseSeconds * 1000) / 3,
    );
    const file = await downloadAmplitudeExport({
      baseUrl: deps.settings.amplitude[pull.source.region ?? 'us'],
      credentials: credentials as unknown as AmplitudeCredentials,
      range: amplitudeRange(window),
      spoolDir: deps.spool.dir,
      maxBytes: deps.spool.maxBytes,
      policy: deps.settings.retry,
      signal: this.abort.signal,
    }).finally(() => clearInterval(keep));
    if (!file) {
      // Amplitude's 404: nothing was sent in the window, which is read all the same.
      await this.finish(pull, { status: 'succeeded' }, window.end);
      return;
    }
    const queued = await inCompany(deps.db, pull.companyId, async (db) => {
      if (
        !(await queueDownloadedRun(db, {
          id: pull.runId,
          format: AMPLITUDE_FORMAT,
          leaseToken: pull.leaseToken,
          filePath: file.path,
          bytes: file.bytes,
        }))
      )
        return false;
      // The file is in the spool and its run resumable: the window counts as read.
      await recordPulledUntil(db, pull.companyId, pull.source.id, window.end);
      return true;
    });
    if (!queued) {
      await removeSpooled(file.path);
      throw new PullFailure('The run was cancelled.');
    }
    deps.spool.wakeIngest();
  }

  private async finish(
    pull: Pull,
    outcome: { status: 'succeeded' | 'failed'; failure?: string },
    pulledUntil?: number,
  ): Promise<void> {
    await inCompany(this.deps.db, pull.companyId, async (db) => {
      const ended = await finishRun(db, { id: pull.runId, leaseToken: pull.leaseToken }, outcome);
      if (ended && pulledUntil !== undefined) await recordPulledUntil(db, pull.companyId, pull.source.id, pulledUntil);
    });
  }
}
