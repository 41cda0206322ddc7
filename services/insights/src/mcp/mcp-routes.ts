import type { FastifyInstance, FastifyReply } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { McpMessageSchema, McpRequestBody } from '@tracemap/contracts';
import { authenticateAccessToken } from '../access-tokens/authenticate-access-token';
import type { InsightsDeps } from '../deps';
import { createMcpServer } from './mcp-server';

const tags = ['mcp'];
const config = { failureMessage: 'The MCP server could not answer. Try again later.' };

// Stateless: every request is whole in itself, so there is no session stream to open or end.
function onlyPost(_request: unknown, reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: send requests with POST.' },
      id: null,
    });
}

/**
 * The assistant's read-only tools for MCP clients (Streamable HTTP, stateless), opened with
 * a personal access token: `Authorization: Bearer tmp_…`. A bad, revoked or orphaned token
 * gets a JSON 401 before any MCP exchange.
 */
export async function mcpRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  // The answer is the MCP transport's own (JSON or an event stream of messages), written past Fastify's serializer.
  const schema = { tags, body: McpRequestBody, response: { 200: McpMessageSchema } };
  app.post('/mcp', { schema, config }, async (request, reply) => {
    const actor = await authenticateAccessToken(deps, request.headers.authorization, request.id);
    const server = createMcpServer(deps, actor);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Refusals only, so left out of the API's description.
  app.get('/mcp', { schema: { hide: true }, config }, onlyPost);
  app.delete('/mcp', { schema: { hide: true }, config }, onlyPost);
}
