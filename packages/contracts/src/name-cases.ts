/** The naming conventions a company can require of event and attribute names. */
export const NAME_CASES = ['any', 'snake_case', 'camelCase', 'PascalCase', 'Title Case'] as const;
export type NameCase = (typeof NAME_CASES)[number];
