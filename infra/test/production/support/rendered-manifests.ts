import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: Record<string, unknown>;
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
}

/** An overlay as `kubectl kustomize` renders it. */
export function renderOverlay(overlayDir: string): KubeObject[] {
  const text = execFileSync('kubectl', ['kustomize', overlayDir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => o !== null);
}

/** Problems the Kubernetes API schemas find in the objects (none when all are valid). */
export function schemaProblems(objects: KubeObject[]): string[] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'validate-kubernetes.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
  });
  return output ? output.split('\n') : [];
}

export function podSpecOf(object: KubeObject): PodSpec {
  if (object.kind === 'Deployment' || object.kind === 'Job')
    return (object.spec as { template: { spec: PodSpec } }).template.spec;
  throw new Error(`${object.kind} has no pod template`);
}

export const find = (objects: KubeObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/**
 * What a container's environment holds: each variable with its value, read from the rendered
 * ConfigMaps and Secrets; a Secret the overlay does not render (created outside the repository)
 * gives the value `standIn(key)`.
 */
export function environmentOf(
  container: Container,
  objects: KubeObject[],
  standIn: (key: string) => string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) throw new Error(`${container.name}: only ConfigMaps are read whole`);
    const map = find(objects, 'ConfigMap', source.configMapRef.name);
    if (!map) throw new Error(`${container.name}: ConfigMap ${source.configMapRef.name} is not rendered`);
    Object.assign(env, map.data ?? {});
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef;
    if (!ref) {
      env[variable.name] = variable.value ?? '';
      continue;
    }
    const secret = find(objects, 'Secret', ref.name) as (KubeObject & { data?: Record<string, string> }) | undefined;
    if (!secret) env[variable.name] = standIn(ref.key);
    else if (secret.data?.[ref.key] !== undefined)
      env[variable.name] = Buffer.from(secret.data[ref.key], 'base64').toString('utf8');
    else if (!ref.optional) throw new Error(`${container.name}: Secret ${ref.name} has no key ${ref.key}`);
  }
  return env;
}
