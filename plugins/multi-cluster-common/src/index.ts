/**
 * Pure, I/O-free core of Flotilla: Karmada-exact placement, placement advice,
 * the DR model, failover plans, manifest generators and permission definitions.
 *
 * @packageDocumentation
 */

export * from './api';
export * from './scheduling';
export * from './quantity';
export * from './recommend';
export * from './dr';
export * from './fleet';
export * from './connectivity';
export * from './manifests';
export * from './permissions';
export * from './karmada';
export * from './labels';
