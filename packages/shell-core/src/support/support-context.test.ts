import { supportContextFromPath } from './support-api';

test('a bug report names the company and map of the page it was filed from', () => {
  expect(supportContextFromPath('/company/c-1/maps/m-9')).toEqual({ companyId: 'c-1', mapId: 'm-9' });
  expect(supportContextFromPath('/company/c-1/events/e-2')).toEqual({ companyId: 'c-1' });
  expect(supportContextFromPath('/map-preview/m-3')).toEqual({ mapId: 'm-3' });
  expect(supportContextFromPath('/company/create')).toEqual({});
  expect(supportContextFromPath('/pricing')).toEqual({});
});
