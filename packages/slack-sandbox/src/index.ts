// A local stand-in of Slack: OAuth consent and exchange, the Web API methods the product uses, incoming webhooks.
export {
  SlackSandbox,
  startSlackSandbox,
  type PostedMessage,
  type RecordedCall,
  type SandboxChannel,
  type SlackSandboxOptions,
} from './sandbox';
export type { Fault, FaultPlan } from './faults';
