import { toPng, toSvg } from 'html-to-image';
import { imageFrameFor, type Rect } from './image-size';

export type ImageKind = 'png' | 'svg';

/**
 * Draws the whole map, not just what is on screen: the viewport element is rendered with a
 * transform that places every node's bounds inside an image sized to hold them (React Flow's
 * own download-image recipe, with html-to-image 1.11.11 whose later versions draw it wrong).
 */
export async function renderMapImage(container: HTMLElement, bounds: Rect, kind: ImageKind): Promise<string> {
  const viewport = container.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewport) throw new Error('The map is not on screen yet.');
  const frame = imageFrameFor(bounds);
  const options = {
    backgroundColor: '#ffffff',
    width: frame.width,
    height: frame.height,
    style: {
      width: `${frame.width}px`,
      height: `${frame.height}px`,
      transform: `translate(${frame.x}px, ${frame.y}px) scale(${frame.zoom})`,
    },
  };
  return kind === 'png' ? toPng(viewport, options) : toSvg(viewport, options);
}

/** Hands a data URL to the browser as a file download. */
export function downloadDataUrl(fileName: string, dataUrl: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A file name from the map's name: letters, digits and dashes. */
export function fileBaseName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
  return base || 'map';
}
