import { MFE_MARKETING, type ManifestPage } from '@tracemap/contracts';

export type MarketingPage = ManifestPage<'mfe_marketing', './routes'>;

/** A page pattern with a parameter, e.g. `/blog/:slug`. */
export type ParamPage<P extends string> = Extract<P, `${string}/:${string}`>;

/** The pages of this remote's modules that the micro-frontends manifest marks prerendered. */
export function prerenderedPages(): MarketingPage[] {
  return MFE_MARKETING.exposes.filter((exposed) => exposed.prerendered).flatMap((exposed) => [...exposed.pages]);
}

const isParamPage = <P extends string>(page: P): page is ParamPage<P> => page.includes('/:');

/**
 * Every concrete path of `pages`: a page without parameters as it is, a page with one parameter once
 * per value given for it. A parameter page without values is a type error, so a page added to the
 * manifest cannot be left out of prerendering silently.
 */
export function fillPages<P extends string>(
  pages: readonly P[],
  values: Record<ParamPage<P>, readonly string[]>,
): string[] {
  return pages.flatMap((page) => {
    if (!isParamPage(page)) return [page];
    if (page.split('/').filter((part) => part.startsWith(':')).length > 1)
      throw new Error(`${page} has more than one parameter`);
    return values[page].map((value) => page.replace(/:[^/]+/, value));
  });
}
