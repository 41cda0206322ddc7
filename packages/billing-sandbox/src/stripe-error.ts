/** An error answered in the provider's own shape: `{ error: { type, code, message, param, decline_code } }`. */
export class StripeWireError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'StripeWireError';
  }

  toBody() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export const missingResource = (kind: string, id: string, param = 'id') =>
  new StripeWireError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const invalidParam = (param: string, message: string) =>
  new StripeWireError(400, 'invalid_request_error', message, 'parameter_invalid', param);

export const missingParam = (param: string) =>
  new StripeWireError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
