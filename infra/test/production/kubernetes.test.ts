import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig as loadAccount, AccountConfigSchema } from '@tracemap/account/config';
import { loadConfig as loadAuth, AuthConfigSchema } from '@tracemap/auth/config';
import { loadConfig as loadCompany, CompanyConfigSchema } from '@tracemap/company/config';
import { loadConfig as loadGateway, GatewayConfigSchema } from '@tracemap/gateway/config';
import { loadConfig as loadInsights, InsightsConfigSchema } from '@tracemap/insights/config';
import { loadConfig as loadIntegrations, IntegrationsConfigSchema } from '@tracemap/integrations/config';
import { loadConfig as loadSubscription, SubscriptionConfigSchema } from '@tracemap/subscription/config';
import type { TObject } from '@sinclair/typebox';
import { REPO_ROOT, SERVICE_NAMES, type ServiceName } from '../../src/stack';
import {
  environmentOf,
  find,
  podSpecOf,
  renderOverlay,
  schemaProblems,
  type Container,
  type KubeObject,
} from './support/rendered-manifests';

const SERVICES: Record<ServiceName, { schema: TObject; load: (env: Record<string, string>) => unknown }> = {
  auth: { schema: AuthConfigSchema, load: loadAuth },
  account: { schema: AccountConfigSchema, load: loadAccount },
  company: { schema: CompanyConfigSchema, load: loadCompany },
  subscription: { schema: SubscriptionConfigSchema, load: loadSubscription },
  insights: { schema: InsightsConfigSchema, load: loadInsights },
  integrations: { schema: IntegrationsConfigSchema, load: loadIntegrations },
  gateway: { schema: GatewayConfigSchema, load: loadGateway },
};
const ALL: ServiceName[] = [...SERVICE_NAMES, 'gateway'];

/** Well-formed values for Secrets that production creates outside the repository. */
function standIn(key: string): string {
  if (key === 'DATABASE_URL') return 'postgres://tracemap:stand-in@db.internal:5432/tracemap?sslmode=require';
  if (key === 'SMTP_URL') return 'smtps://tracemap:stand-in@smtp.internal:465';
  if (key === 'INSIGHTS_SECRET_KEY' || key === 'INTEGRATIONS_SECRET_KEY') return randomBytes(32).toString('base64');
  return `stand-in-${randomBytes(16).toString('hex')}`;
}

const requiredSettings = (schema: TObject) =>
  (schema.required ?? []).filter((name) => (schema.properties[name] as { default?: unknown }).default === undefined);

describe.each(['local', 'production'])('the %s overlay', (overlay) => {
  const objects: KubeObject[] = renderOverlay(path.join(REPO_ROOT, 'deploy', 'k8s', 'overlays', overlay));
  const deployment = (name: string) => find(objects, 'Deployment', name)!;
  const serviceContainer = (name: ServiceName): Container =>
    podSpecOf(deployment(name)).containers.find((c) => c.name === name)!;

  test('every object is valid against the Kubernetes API schemas', () => {
    expect(objects.length).toBeGreaterThan(30);
    expect(schemaProblems(objects)).toEqual([]);
  });

  test.each(ALL)('%s has a Deployment, a Service, an autoscaler and a disruption budget', (name) => {
    const dep = deployment(name);
    expect(dep).toBeDefined();
    expect(find(objects, 'Service', name)).toBeDefined();
    const hpa = find(objects, 'HorizontalPodAutoscaler', name) as KubeObject & {
      spec: { scaleTargetRef: { name: string }; minReplicas: number; maxReplicas: number };
    };
    expect(hpa.spec.scaleTargetRef.name).toBe(name);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(find(objects, 'PodDisruptionBudget', name)).toBeDefined();
    const container = serviceContainer(name);
    expect(container.readinessProbe?.httpGet?.path).toBe(name === 'gateway' ? '/health' : '/ready');
    expect(container.livenessProbe?.httpGet?.path).toBe('/health');
    expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
    expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    // Metrics on their own port, for Prometheus inside the cluster: the Service only carries the API.
    const metricsPort = (container.ports ?? []).find((p) => p.name === 'metrics')?.containerPort;
    expect(String(metricsPort)).toBe(environmentOf(container, objects, standIn).METRICS_PORT);
    const service = find(objects, 'Service', name)!.spec as { ports: Array<{ name: string }> };
    expect(service.ports.map((p) => p.name)).toEqual(['http']);
  });

  test.each(ALL)("%s's environment is what its config schema names, and its own loader accepts it", (name) => {
    const { schema, load } = SERVICES[name];
    const env = environmentOf(serviceContainer(name), objects, standIn);
    const known = new Set(Object.keys(schema.properties));
    expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);
    expect(requiredSettings(schema).filter((key) => !(key in env))).toEqual([]);
    expect(() => load(env)).not.toThrow();
  });

  test("a job runs every service's migrations, auth first, with that service's settings", () => {
    const job = find(objects, 'Job', 'tracemap-migrations')!;
    const steps = podSpecOf(job).initContainers ?? [];
    expect(steps.map((c) => c.name)).toEqual([...SERVICE_NAMES]);
    for (const step of steps) {
      const name = step.name as ServiceName;
      expect(step.command).toEqual(['node', `services/${name}/dist/server.js`, '--migrate-only']);
      expect(step.image).toBe(serviceContainer(name).image);
      expect(environmentOf(step, objects, standIn)).toEqual(
        expect.objectContaining(
          Object.fromEntries(requiredSettings(SERVICES[name].schema).map((k) => [k, expect.anything()])),
        ),
      );
    }
  });

  test('only the gateway is public, and it serves the remotes registry from configuration', () => {
    const ingresses = objects.filter((o) => o.kind === 'Ingress');
    const backends = JSON.stringify(ingresses.map((i) => i.spec)).match(/"service":\{"name":"[^"]+"/g);
    expect(new Set(backends)).toEqual(new Set(['"service":{"name":"gateway"']));
    const env = environmentOf(serviceContainer('gateway'), objects, standIn);
    const registry = find(objects, 'ConfigMap', 'tracemap-remotes')!;
    expect(JSON.parse(registry.data!['remotes.json'])).toBeInstanceOf(Object);
    const volumes = JSON.stringify((deployment('gateway').spec as { template: { spec: unknown } }).template.spec);
    expect(volumes).toContain('"configMap":{"name":"tracemap-remotes"}');
    expect(env.REMOTES_FILE).toBe('/etc/tracemap/remotes/remotes.json');
    // Behind the Ingress the client address is the one its controller forwards, believed from the pod network only.
    expect(env.TRUSTED_PROXIES).toBe('uniquelocal');
  });

  test('configuration holds no secrets: keys, tokens, passwords and addresses with credentials live in Secrets', () => {
    const secretLike = /SECRET|_KEY$|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/;
    for (const map of objects.filter((o) => o.kind === 'ConfigMap'))
      expect(Object.keys(map.data ?? {}).filter((key) => secretLike.test(key))).toEqual([]);
  });
});

test('production renders no Secret: they are created in the cluster, never kept in the repository', () => {
  const objects = renderOverlay(path.join(REPO_ROOT, 'deploy', 'k8s', 'overlays', 'production'));
  expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
  const shared = find(objects, 'ConfigMap', 'tracemap-shared')!;
  expect(shared.data).toMatchObject({ NODE_ENV: 'production' });
  const registry = JSON.parse(find(objects, 'ConfigMap', 'tracemap-remotes')!.data!['remotes.json']) as Record<
    string,
    string
  >;
  expect(Object.values(registry).every((entry) => entry.startsWith('https://cdn.'))).toBe(true);
});
