export * from './annotations';
export * from './cluster';
export * from './duration';
export * from './profile';
export * from './segmentation';
