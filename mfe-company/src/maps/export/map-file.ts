import {
  NATIVE_FORMAT,
  NATIVE_FORMAT_VERSION,
  type MapDetail,
  type PlanEvent,
  type PlanView,
} from '@tracemap/shell-core/tracking-plan';

const volatile = <T extends { version: number; createdAt: string; updatedAt: string }>({
  version: _v,
  createdAt: _c,
  updatedAt: _u,
  ...rest
}: T) => rest;

/**
 * The map in the plan's own JSON shape with the views and events it uses, ids kept, the
 * per-database fields (version, timestamps) left out like the whole-plan export does.
 */
export function mapFile(map: MapDetail, views: readonly PlanView[], events: readonly PlanEvent[]) {
  const { references: _refs, ...rest } = map;
  return {
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    views: [...views].sort((a, b) => a.name.localeCompare(b.name)).map(volatile),
    events: [...events].sort((a, b) => a.name.localeCompare(b.name)).map(volatile),
    maps: [volatile(rest)],
  };
}
