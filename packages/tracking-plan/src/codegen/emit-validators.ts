import type { EffectiveAttribute, Validation } from '@tracemap/contracts';
import { HEADER } from './emit-code';
import type { CodegenModel } from './model';

/**
 * `validators.ts`: each event's effective attributes as data and one small
 * checker over them. Nothing imports it but the app, in development, so
 * production bundles never carry the plan's rules.
 */

const sortedKeys = (validation: Validation) =>
  Object.fromEntries(Object.entries(validation).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * Attributes are listed once (name, type, item type, nullable, validation) and
 * events name them by position, with presence and, when a layer narrowed it,
 * their own validation: a large plan repeats the same attributes in thousands
 * of events.
 */
function tables(model: CodegenModel): { attributes: string[]; events: string[] } {
  const positions = new Map<string, number>();
  const attributes: string[] = [];
  const events = model.events.map((event) => {
    const uses = event.effective.map((e: EffectiveAttribute) => {
      const { attribute } = e;
      let position = positions.get(attribute.id);
      if (position === undefined) {
        position = attributes.length;
        positions.set(attribute.id, position);
        const row = [
          attribute.name,
          attribute.type,
          attribute.itemType ?? null,
          attribute.nullable,
          sortedKeys(attribute.validation),
        ];
        attributes.push(`  ${JSON.stringify(row)},`);
      }
      const use: unknown[] = [position, e.presence === 'required' ? 1 : 0];
      if (e.validation !== attribute.validation) use.push(sortedKeys(e.validation));
      return JSON.stringify(use);
    });
    return `  [${JSON.stringify(event.sentName)}, [${uses.join(', ')}]],`;
  });
  return { attributes, events };
}

const CHECKER = [
  'type Value = string | number | boolean;',
  'interface Rule {',
  '  readonly kind: string;',
  '  readonly values?: readonly Value[];',
  '  readonly pattern?: string;',
  '  readonly min?: number;',
  '  readonly max?: number;',
  '  readonly minLength?: number;',
  '  readonly maxLength?: number;',
  '  readonly format?: string;',
  '  readonly const?: Value;',
  '}',
  'type Attribute = readonly [name: string, type: string, itemType: string | null, nullable: boolean, rule: Rule];',
  '/** An attribute of an event: its position in ATTRIBUTES, 1 when required, and its narrowed rule if any. */',
  'type Use = readonly [attribute: number, required: 0 | 1, rule?: Rule];',
  '',
  'const FORMATS: Readonly<Record<string, RegExp>> = {',
  '  email: /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/,',
  '  uri: /^[A-Za-z][A-Za-z0-9+.-]*:\\S*$/,',
  '  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,',
  '  date: /^\\d{4}-\\d{2}-\\d{2}$/,',
  "  'date-time': /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$/i,",
  '  time: /^\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?$/i,',
  '  ipv4: /^(\\d{1,3}\\.){3}\\d{1,3}$/,',
  '  ipv6: /^[0-9a-f:.]*:[0-9a-f:.]*$/i,',
  '  hostname: /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/,',
  '};',
  '',
  'function typeProblem(type: string, value: unknown): boolean {',
  '  switch (type) {',
  "    case 'string':",
  "    case 'datetime':",
  "      return typeof value !== 'string' || (type === 'datetime' && Number.isNaN(Date.parse(value)));",
  "    case 'integer':",
  '      return !Number.isInteger(value);',
  "    case 'number':",
  "      return typeof value !== 'number' || !Number.isFinite(value);",
  "    case 'boolean':",
  "      return typeof value !== 'boolean';",
  "    case 'object':",
  "      return typeof value !== 'object' || value === null || Array.isArray(value);",
  '    default:',
  '      return false;',
  '  }',
  '}',
  '',
  '/** A pattern this runtime cannot compile is not held against the value. */',
  'function matches(pattern: string, text: string): boolean {',
  '  try {',
  "    return new RegExp(pattern, 'u').test(text);",
  '  } catch {',
  '    return true;',
  '  }',
  '}',
  '',
  'function ruleProblem(rule: Rule, value: unknown): string | null {',
  '  const text = String(value);',
  "  if (rule.kind === 'enum' && !(rule.values ?? []).includes(value as Value)) return `is not one of ${JSON.stringify(rule.values)}`;",
  "  if (rule.kind === 'const' && value !== rule.const) return `is not ${JSON.stringify(rule.const)}`;",
  "  if (rule.kind === 'regex' && rule.pattern !== undefined && !matches(rule.pattern, text)) return `does not match ${rule.pattern}`;",
  "  if (rule.kind === 'range' && typeof value === 'number') {",
  '    if (rule.min !== undefined && value < rule.min) return `is below ${rule.min}`;',
  '    if (rule.max !== undefined && value > rule.max) return `is above ${rule.max}`;',
  '  }',
  "  if (rule.kind === 'length' && typeof value === 'string') {",
  '    const length = [...value].length;',
  '    if (rule.minLength !== undefined && length < rule.minLength) return `is shorter than ${rule.minLength}`;',
  '    if (rule.maxLength !== undefined && length > rule.maxLength) return `is longer than ${rule.maxLength}`;',
  '  }',
  "  const format = rule.kind === 'format' && rule.format ? FORMATS[rule.format] : undefined;",
  '  if (format && !format.test(text)) return `is not ${rule.format}`;',
  '  return null;',
  '}',
  '',
  'function fieldProblems([name, type, itemType, nullable]: Attribute, rule: Rule, value: unknown): string[] {',
  '  if (value === null) return nullable ? [] : [`${name} may not be null`];',
  "  const items = type === 'array' ? value : [value];",
  '  if (!Array.isArray(items)) return [`${name} is not an array`];',
  "  const itemKind = type === 'array' ? (itemType ?? 'any') : type;",
  '  const problems: string[] = [];',
  '  for (const item of items) {',
  '    if (typeProblem(itemKind, item)) problems.push(`${name} is not ${itemKind}: ${JSON.stringify(item)}`);',
  '    else {',
  '      const problem = ruleProblem(rule, item);',
  '      if (problem) problems.push(`${name} ${problem}: ${JSON.stringify(item)}`);',
  '    }',
  '  }',
  '  return problems;',
  '}',
  '',
  '/** Problems of one call against its event in the plan; an empty list when it fits. */',
  'export function validate(event: string, properties: Readonly<Record<string, unknown>>): readonly string[] {',
  '  const uses = EVENTS.get(event);',
  '  if (!uses) return [`"${event}" is not an event of the tracking plan`];',
  '  const problems: string[] = [];',
  '  const fields = uses.map(([position, required, rule]) => {',
  '    const attribute = ATTRIBUTES[position]!;',
  '    return { attribute, required, rule: rule ?? attribute[4] };',
  '  });',
  '  const known = new Set(fields.map(({ attribute }) => attribute[0]));',
  '  for (const key of Object.keys(properties)) if (!known.has(key)) problems.push(`${key} is not an attribute of this event`);',
  '  for (const { attribute, required, rule } of fields) {',
  '    const name = attribute[0];',
  '    const value = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : undefined;',
  '    if (value === undefined) {',
  '      if (required) problems.push(`${name} is required`);',
  '    } else problems.push(...fieldProblems(attribute, rule, value));',
  '  }',
  '  return problems;',
  '}',
];

export function validatorsFile(model: CodegenModel): string {
  const { attributes, events } = tables(model);
  return `${[
    ...HEADER,
    '',
    ...CHECKER,
    '',
    '/** Every attribute an event of the plan carries. */',
    'const ATTRIBUTES: readonly Attribute[] = [',
    attributes.join('\n'),
    '];',
    '',
    '/** Each event by the name it is sent under, with its effective attributes. */',
    'const EVENTS = new Map<string, readonly Use[]>([',
    events.join('\n'),
    ']);',
  ].join('\n')}\n`;
}
