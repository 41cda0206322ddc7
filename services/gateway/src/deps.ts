import type { GatewayConfig } from './config';
import type { FrameAncestorsLookup } from './map-frame-ancestors';
import type { Upstream } from './upstreams';

/** What the gateway's plugins are built from, once per app. */
export interface GatewayDeps {
  config: GatewayConfig;
  upstreams: Upstream[];
  frameAncestors: FrameAncestorsLookup;
}
