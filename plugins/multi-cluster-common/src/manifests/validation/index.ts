export * from './names';
export * from './kubernetesVersion';
export * from './cidr';
export * from './labels';
export * from './errors';
export * from './schemas';
export * from './urls';
