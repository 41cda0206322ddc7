import { GatewayConfigSchema } from '@tracemap/gateway/config';
import { CompanyConfigSchema } from '@tracemap/company/config';
import { settingNames, settingsFrom } from '../src/service-settings';

test('each service is handed exactly the variables its config schema names', () => {
  const environment = {
    RATE_LIMIT_PER_MINUTE: '77',
    INVITATION_TTL_HOURS: '12',
    UNRELATED_SECRET: 'x',
    AUTH_DISABLE_SIGNUP: 'true',
    UPSTREAM_TIMEOUT_MS: '',
  };
  expect(settingsFrom('gateway', environment)).toEqual({ RATE_LIMIT_PER_MINUTE: '77' });
  expect(settingsFrom('company', environment)).toEqual({ INVITATION_TTL_HOURS: '12' });
  expect(settingsFrom('auth', environment)).toEqual({ AUTH_DISABLE_SIGNUP: 'true' });
  expect(settingsFrom('subscription', environment)).toEqual({});
});

test('the lists come from the schemas themselves', () => {
  expect(settingNames('gateway')).toEqual(Object.keys(GatewayConfigSchema.properties).sort());
  expect(settingNames('company')).toEqual(Object.keys(CompanyConfigSchema.properties).sort());
  expect(settingNames('gateway')).toContain('RATE_LIMIT_PER_MINUTE');
  expect(settingNames('gateway')).not.toContain('DATABASE_URL');
});
