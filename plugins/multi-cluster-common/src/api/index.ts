export * from './fleet';
export * from './failover';
