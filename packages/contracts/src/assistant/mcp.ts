import { Type, type Static } from '@sinclair/typebox';

// `/api/insights/mcp` speaks the Model Context Protocol over Streamable HTTP: JSON-RPC 2.0
// messages, read and checked in full by the MCP server itself. Only their envelope is named here.

/** A JSON-RPC 2.0 message (request, notification or response) of the Model Context Protocol. */
export const McpMessageSchema = Type.Object(
  { jsonrpc: Type.Literal('2.0'), method: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: true },
);
export type McpMessage = Static<typeof McpMessageSchema>;

/** `POST /api/insights/mcp`: one message or a batch. */
export const McpRequestBody = Type.Union([
  McpMessageSchema,
  Type.Array(McpMessageSchema, { minItems: 1, maxItems: 100 }),
]);
export type McpRequestBody = Static<typeof McpRequestBody>;
