import type { Attribute, Validation } from '@tracemap/contracts';
import type { Random } from './prng';

// Values that fit the plan: every event without a defect passes its
// attribute's validation, so the only findings are the injected ones.

const WORDS: Record<string, readonly string[]> = {
  product_name: ['Trail Runner', 'City Sneaker', 'Wool Sock', 'Rain Jacket', 'Canvas Tote'],
  brand: ['Northwind', 'Contoso', 'Fabrikam'],
  category: ['shoes', 'apparel', 'accessories'],
  variant: ['red', 'blue', 'black', 'green'],
  promotion_name: ['spring sale', 'free shipping', 'new arrivals'],
  product_list_name: ['bestsellers', 'search results', 'category listing'],
  search_query: ['running shoes', 'rain jacket', 'wool socks', 'tote bag', 'sneakers'],
};
const KNOWN_PATTERNS: Record<string, (random: Random) => string> = {
  '^\\d+\\.\\d+\\.\\d+$': () => '5.1.0',
  '^[a-z]{2}(-[A-Z]{2})?$': (random) => random.pick(['en-US', 'de-DE', 'fr']),
  '^[0-9]{8,12}$': (random) => String(random.int(1_000_000_000, 9_999_999_999)),
  '^[A-Z0-9-]{4,32}$': (random) => `SKU-${random.hex(6).toUpperCase()}`,
  '^/': () => '/',
};

function fromPattern(pattern: string, random: Random): string {
  const known = KNOWN_PATTERNS[pattern];
  if (known) return known(random);
  let expression: RegExp | null = null;
  try {
    expression = new RegExp(pattern);
  } catch {
    return 'example';
  }
  const candidates = ['example', 'EXAMPLE', 'example-1', '12345678', 'a', 'A1'];
  return candidates.find((candidate) => expression.test(candidate)) ?? 'example';
}

function number(validation: Validation, random: Random, integer: boolean): number {
  const min = validation.kind === 'range' ? (validation.min ?? 0) : 0;
  const max = validation.kind === 'range' ? (validation.max ?? min + 120) : min + 120;
  if (integer) return random.int(Math.ceil(min), Math.floor(max));
  // Never a whole number: a number attribute then always reads as one type, in every format.
  const whole = random.int(Math.ceil(min), Math.max(Math.ceil(min), Math.floor(max) - 1));
  return whole + 0.49 + random.int(0, 50) / 100;
}

function text(attribute: Attribute, validation: Validation, random: Random): string {
  switch (validation.kind) {
    case 'enum':
      return String(random.pick(validation.values ?? ['example']));
    case 'const':
      return String(validation.const);
    case 'regex':
      return fromPattern(validation.pattern ?? '', random);
    case 'format':
      if (validation.format === 'uuid') return random.uuid();
      if (validation.format === 'uri') return 'https://partner.example/';
      if (validation.format === 'email') return 'someone@example.com';
      return new Date(Date.UTC(2024, 0, random.int(1, 28))).toISOString();
    case 'length': {
      const words = WORDS[attribute.name];
      if (words) return random.pick(words);
      const length = random.int(validation.minLength ?? 1, Math.min(validation.maxLength ?? 12, 12));
      return 'SAVE'.concat(random.hex(16).toUpperCase()).slice(0, Math.max(length, 1));
    }
    default: {
      const words = WORDS[attribute.name];
      if (words) return random.pick(words);
      if (attribute.name.endsWith('_id')) return `${attribute.name.slice(0, -3)}-${random.hex(8)}`;
      return random.pick(['alpha', 'beta', 'gamma']);
    }
  }
}

/** A value of the attribute's type that its (narrowed) validation accepts. */
export function valueFor(attribute: Attribute, validation: Validation, random: Random): unknown {
  switch (attribute.type) {
    case 'integer':
      return validation.kind === 'enum' ? random.pick(validation.values ?? [1]) : number(validation, random, true);
    case 'number':
      return validation.kind === 'enum' ? random.pick(validation.values ?? [1.5]) : number(validation, random, false);
    case 'boolean':
      return random.chance(0.5);
    case 'datetime':
      return new Date(Date.UTC(2024, 0, random.int(1, 28), random.int(0, 23))).toISOString();
    case 'array':
      return arrayOf(attribute, random);
    case 'object':
      return { id: random.hex(6) };
    case 'any':
    case 'string':
    default:
      return text(attribute, validation, random);
  }
}

function arrayOf(attribute: Attribute, random: Random): unknown[] {
  const count = random.int(1, 3);
  const items: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    switch (attribute.itemType) {
      case 'object':
        items.push({
          product_id: `product-${random.hex(8)}`,
          sku: `SKU-${random.hex(6).toUpperCase()}`,
          price: random.int(5, 200) + 0.99,
          quantity: random.int(1, 3),
        });
        break;
      case 'integer':
        items.push(random.int(1, 100));
        break;
      case 'number':
        items.push(random.int(1, 100) + 0.5);
        break;
      case 'boolean':
        items.push(random.chance(0.5));
        break;
      default:
        items.push(random.pick(['color:red', 'size:42', 'brand:northwind', 'price:0-50']));
    }
  }
  return items;
}
