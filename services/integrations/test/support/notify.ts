import type { NotificationBody } from '@tracemap/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { SERVICE_TOKEN, type Harness } from './harness';

/** A producer's post to the internal route, with the service token. */
export function notify(
  h: Harness,
  body: Omit<NotificationBody, 'payload'> & { payload?: Partial<NotificationBody['payload']> },
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: '/internal/notifications',
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { ...body, payload: { title: `${body.kind} ${body.dedupeKey}`, ...body.payload } },
  });
}
