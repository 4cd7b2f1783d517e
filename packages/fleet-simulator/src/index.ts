export * from './fleet';
