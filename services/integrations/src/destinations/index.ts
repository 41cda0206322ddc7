export { pushDestination, type PushDestinationInput, type PushDestinationResult } from './push-destination';
export { DESTINATION_ERRORS } from './destination-errors';
export { realClock, retryAfterMs, type Clock } from './destination-http';
export { MPARTICLE_TOKEN_URL } from './destination-auth';
