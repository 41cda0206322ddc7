import type { InsightsDeps } from '../deps';
import type { UploadDeps } from './upload-file';

/** What taking an upload (or example traffic) needs, from the service's wiring. */
export function uploadDepsOf(deps: InsightsDeps): UploadDeps {
  return {
    db: deps.db,
    spoolDir: deps.discovery.settings.spoolDir,
    limits: deps.discovery.settings.limits,
    wakeIngest: () => deps.discovery.ingest.wake(),
  };
}
