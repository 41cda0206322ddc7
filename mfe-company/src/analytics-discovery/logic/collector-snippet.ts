/**
 * What to paste where: the collector takes Segment's and RudderStack's
 * webhook destinations as they send (one message, an array or `{ batch }`),
 * and a test call shows it answering 202.
 */
export function collectorSnippet(url: string): string {
  const test = JSON.stringify({ type: 'track', event: 'collector_test', properties: { ok: true } });
  return [
    '# Segment: Connections → Destinations → Webhooks (Actions)',
    `#   Webhook URL: ${url}`,
    '#   Method: POST, Enable batching: on',
    '# RudderStack: Destinations → Webhook',
    `#   Webhook URL: ${url}`,
    '#   URL method: POST',
    '# Check it answers 202:',
    `curl -X POST '${url}' \\`,
    "  -H 'content-type: application/json' \\",
    `  -d '${test}'`,
  ].join('\n');
}
