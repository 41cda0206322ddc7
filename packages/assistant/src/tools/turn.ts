import type { AssistantToolName, ChatReference } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { runTool, type PureToolName, type ToolOutput } from './run-tool';
import type { ToolResult } from './tool-result';

export interface TurnCall {
  tool: AssistantToolName;
  input: unknown;
  output: unknown;
  references: ChatReference[];
}

/**
 * The tool calls of one turn: what the grounding check accepts. Only ids a
 * tool put in its structured references count, never text inside an output
 * (an observed name that reads `[[event:…]]` is a name, not a citation).
 */
export class Turn {
  readonly calls: TurnCall[] = [];

  constructor(readonly ctx: ToolContext) {}

  call<N extends PureToolName>(tool: N, input: unknown): ToolOutput<N> {
    const result = runTool(this.ctx, tool, input);
    this.record(tool, input, result);
    return result.output;
  }

  /** A result of a tool run elsewhere (a stored query) joins the turn. */
  record(tool: AssistantToolName, input: unknown, result: ToolResult<unknown>): void {
    this.calls.push({ tool, input, output: result.output, references: result.references });
  }

  outputs(): unknown[] {
    return this.calls.map((c) => c.output);
  }

  references(): ChatReference[] {
    return this.calls.flatMap((c) => c.references);
  }
}
