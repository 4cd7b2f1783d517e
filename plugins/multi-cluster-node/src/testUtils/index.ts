/**
 * Test utilities of the Flotilla multi-cluster node library: an msw server
 * for Kubernetes API mocks and the Karmada and Cluster API fixtures the
 * plugin's and its modules' tests share.
 *
 * @packageDocumentation
 */

export { k8sStatus, setupKubernetesMocks, untilTestEnds } from './msw';
export * from './karmadaFixtures';
export { garbageMember, karmadaClustersWithGarbage } from './hostileClusters';
export * from './clusterApiFixtures';
export * from './testApiServerTls';
