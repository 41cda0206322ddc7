export * from './references';
export * from './tools';
export * from './plan-tools';
export * from './discovery-tools';
export * from './action-tools';
export * from './chat';
export * from './chat-admin';
