import { Type, type Static } from '@sinclair/typebox';
import { strictObject } from '../primitives';

// What a company's admins control of the assistant: whether it answers at all, the company's
// glossary a connected model always reads, and how much it is used.

/** The company's own words for its terms ("a lead is…", "GMV means…"); plain text. */
export const ChatGlossarySchema = Type.String({ maxLength: 4000 });

/** Either setting or both; what is left out stays as it is. */
export const ChatSettingsBody = Type.Object(
  { enabled: Type.Optional(Type.Boolean()), glossary: Type.Optional(ChatGlossarySchema) },
  { ...strictObject, minProperties: 1 },
);
export type ChatSettingsBody = Static<typeof ChatSettingsBody>;

export const ChatSettingsSchema = Type.Object({ enabled: Type.Boolean(), glossary: ChatGlossarySchema }, strictObject);
export type ChatSettings = Static<typeof ChatSettingsSchema>;

/** One UTC day: questions asked (user messages), threads started and model tokens used that day. */
export const ChatUsageDaySchema = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    messages: Type.Integer({ minimum: 0 }),
    threads: Type.Integer({ minimum: 0 }),
    /** Model tokens the answers of that day used (0 with no model connected). */
    tokens: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  strictObject,
);
export type ChatUsageDay = Static<typeof ChatUsageDaySchema>;

/** The last 30 days, oldest first, every day present (zeros included). */
export const ChatUsageSchema = Type.Object(
  { enabled: Type.Boolean(), days: Type.Array(ChatUsageDaySchema) },
  strictObject,
);
export type ChatUsage = Static<typeof ChatUsageSchema>;
