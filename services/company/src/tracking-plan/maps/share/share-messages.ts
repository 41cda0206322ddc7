// User-facing messages of map previews and public links, for routes, use cases and tests.
export const SHARE_MESSAGES = {
  previewNotFound: 'This map does not exist, or the link to it is not valid (it may have been turned off).',
  previewFailure: 'Could not load this map. Try again later.',
  shareFailure: 'Could not change the public link. Try again later.',
  shareReadFailure: 'Could not load the public link settings. Try again later.',
} as const;
