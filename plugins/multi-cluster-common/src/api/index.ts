export * from './fleet';
export * from './failover';
export * from './placement';
export * from './connectivity';
export * from './schemas';
export * from './responses';
export * from './routes';
export * from './client';
