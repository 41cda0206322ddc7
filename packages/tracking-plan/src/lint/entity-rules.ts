import type { Attribute, AttributeLink, LintFinding, LintRule } from '@tracemap/contracts';
import { splitWords } from '../names';
import { narrowingProblem } from '../narrowing';
import { validationIssues, type ValidationTopic } from '../validation';
import type { LintContext, LintKind, Named } from './context';

/** Checks on one entity's own fields and links: description, validation, any-type, PII, links. */
const TOPIC_RULE: Record<ValidationTopic, LintRule> = {
  enum: 'valid-enum',
  regex: 'portable-regex',
  shape: 'consistent-type',
};

export function descriptionFinding(
  ctx: LintContext,
  kind: LintKind,
  entity: Named & { description: string },
): LintFinding | null {
  if (kind === 'view' || entity.description.trim() !== '') return null;
  const label = kind === 'event' ? 'Event' : 'Attribute';
  return ctx.finding('description', kind, entity, `${label} “${entity.name}” has no description.`, 'description');
}

export function attributeFieldFindings(
  ctx: LintContext,
  a: Omit<Attribute, 'id' | 'version' | 'createdAt' | 'updatedAt'> & { id?: string },
): Array<LintFinding | null> {
  const findings: Array<LintFinding | null> = [];
  const label = `Attribute “${a.name}”`;
  for (const issue of validationIssues(a.validation, a.type, a.itemType)) {
    findings.push(ctx.finding(TOPIC_RULE[issue.topic], 'attribute', a, `${label}: ${issue.message}`, 'validation'));
  }
  if (a.type === 'any' || (a.type === 'array' && (a.itemType ?? 'any') === 'any')) {
    const what = a.type === 'any' ? 'has the type any' : 'is an array of any';
    findings.push(ctx.finding('any-type', 'attribute', a, `${label} ${what}, so nothing checks its values.`, 'type'));
  }
  if (!a.pii && looksLikePersonalData(a.name)) {
    findings.push(
      ctx.finding('pii-name', 'attribute', a, `${label} looks like personal data but is not marked as PII.`, 'pii'),
    );
  }
  return findings;
}

// Words that name personal data on their own, and words that make "name" personal.
const PII_WORDS = new Set([
  'email',
  'phone',
  'mobile',
  'telephone',
  'tel',
  'msisdn',
  'address',
  'street',
  'postcode',
  'zip',
  'zipcode',
  'surname',
  'firstname',
  'lastname',
  'fullname',
  'username',
  'ssn',
  'passport',
  'iban',
  'birthday',
  'birthdate',
  'dob',
  'ip',
]);
const PERSON_QUALIFIERS = new Set([
  'first',
  'last',
  'full',
  'given',
  'family',
  'middle',
  'maiden',
  'user',
  'customer',
  'contact',
  'billing',
  'shipping',
  'recipient',
  'person',
]);
const PII_PHRASES = ['dateofbirth', 'creditcard', 'cardnumber', 'socialsecurity', 'nationalid'];
const PII_HINT =
  /mail|phone|mobile|tel|msisdn|addr|street|post|zip|name|ssn|passport|iban|birth|dob|ip|card|social|national/i;

/** Names of personal data: email, phone, a person's name, an address… (`product_name` is not one). */
export function looksLikePersonalData(name: string): boolean {
  // Most names contain none of these fragments; skip splitting them into words.
  if (!PII_HINT.test(name)) return false;
  const words = splitWords(name).map((w) => w.toLowerCase());
  if (words.some((w) => PII_WORDS.has(w))) return true;
  if (words.length === 1 && words[0] === 'name') return true;
  if (words.some((w, i) => w === 'name' && i > 0 && PERSON_QUALIFIERS.has(words[i - 1]))) return true;
  const joined = words.join('');
  return PII_PHRASES.some((phrase) => joined.includes(phrase));
}

/** Findings about an event's or view's attribute links: required-nullable and narrowing-override. */
export function linkFindings(
  ctx: LintContext,
  kind: 'event' | 'view',
  holder: Named & { attributes: AttributeLink[] },
): Array<LintFinding | null> {
  const findings: Array<LintFinding | null> = [];
  const label = `${kind === 'event' ? 'Event' : 'View'} “${holder.name}”`;
  for (const link of holder.attributes) {
    const attribute = ctx.attributesById.get(link.attributeId);
    if (!attribute) continue;
    if (link.presence === 'required' && attribute.nullable) {
      findings.push(
        ctx.finding(
          'required-nullable',
          kind,
          holder,
          `${label} requires “${attribute.name}”, which is nullable: it must be sent but may be null.`,
          'attributes',
        ),
      );
    }
    const override = link.validationOverride;
    if (override) {
      const problem = narrowingProblem(attribute.validation, override, attribute.type, attribute.itemType);
      if (problem) {
        findings.push(
          ctx.finding(
            'narrowing-override',
            kind,
            holder,
            `${label}, override of “${attribute.name}”: ${problem}`,
            'attributes',
          ),
        );
      }
    }
  }
  return findings;
}
