export * from './common.ts';
export * from './contract.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './health.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './routes.ts';
