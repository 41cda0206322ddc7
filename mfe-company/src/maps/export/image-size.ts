export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageFrame {
  width: number;
  height: number;
  /** The viewport transform that puts the whole map inside the image. */
  x: number;
  y: number;
  zoom: number;
}

/** Browsers refuse canvases much past 16k pixels a side; big maps are drawn smaller instead. */
export const MAX_IMAGE_SIDE = 8000;
export const IMAGE_PADDING = 40;

/**
 * The image that holds every node at full size (not just what is on screen): the nodes'
 * bounds plus padding, scaled down only when a side would pass the canvas limit.
 */
export function imageFrameFor(bounds: Rect, padding = IMAGE_PADDING, maxSide = MAX_IMAGE_SIDE): ImageFrame {
  const fullWidth = Math.max(bounds.width, 1) + 2 * padding;
  const fullHeight = Math.max(bounds.height, 1) + 2 * padding;
  const zoom = Math.min(1, maxSide / fullWidth, maxSide / fullHeight);
  const width = Math.ceil(fullWidth * zoom);
  const height = Math.ceil(fullHeight * zoom);
  return { width, height, zoom, x: (padding - bounds.x) * zoom, y: (padding - bounds.y) * zoom };
}
