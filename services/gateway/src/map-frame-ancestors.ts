import { companyInternalClient } from '@tracemap/contracts';
import { BoundedLru, createInternalClient } from '@tracemap/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** `/map-preview/{uuid}`: the only pages another site may frame, and only from the origins the map's company named. */
const MAP_PREVIEW_PAGE =
  /^\/map-preview\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/?$/;
/** What a frame-ancestors source may be; anything else the company service answers is dropped. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.[\]:-]+$/;

export interface FrameAncestorsOptions {
  companyUrl: string;
  serviceToken?: string;
  timeoutMs: number;
  cacheMs: number;
}

export type FrameAncestorsLookup = (pathname: string, log: FastifyBaseLogger) => Promise<string[]>;

/**
 * The origins allowed to frame a page, asked of the company service for map
 * previews and kept briefly (a settings change counts within `cacheMs`).
 * Every other page, and a preview whose answer cannot be had, may be framed
 * by nobody: an empty list.
 */
export function frameAncestorsLookup(options: FrameAncestorsOptions): FrameAncestorsLookup {
  const company = companyInternalClient(
    createInternalClient({
      baseUrl: options.companyUrl,
      timeoutMs: options.timeoutMs,
      serviceToken: options.serviceToken,
    }),
  );
  const cache = new BoundedLru<string[]>(1000);
  return async (pathname, log) => {
    const mapId = MAP_PREVIEW_PAGE.exec(pathname)?.[1]?.toLowerCase();
    if (!mapId || !options.serviceToken) return [];
    const cached = cache.get(mapId);
    if (cached) return cached;
    try {
      const answer = await company.frameAncestors(mapId);
      // The answer goes into a response header: only plain origins pass.
      const origins = answer.origins.filter((o) => ORIGIN.test(o));
      cache.set(mapId, origins, options.cacheMs);
      return origins;
    } catch (error) {
      log.warn({ err: error, mapId }, 'could not learn who may frame a map preview; nobody may');
      return [];
    }
  };
}
