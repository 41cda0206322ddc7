import type { FormObject } from '../form-encoding';
import { int, str } from '../params';
import type { Page, StoredObject, StripeObject } from '../store';

export function pageOptions(params: FormObject) {
  return {
    limit: int(params, 'limit'),
    startingAfter: str(params, 'starting_after'),
    endingBefore: str(params, 'ending_before'),
  };
}

export function listBody<T extends StripeObject>(url: string, page: Page<StoredObject<T>>) {
  return { object: 'list', data: page.data.map((o) => o.data), has_more: page.hasMore, url };
}
