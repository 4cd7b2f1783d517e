/**
 * Custom objects as the simulator's controllers read and write them: plain
 * JSON with the metadata the API server keeps; spec and status are each
 * kind's (see capiObjects.ts), and fields a controller does not know pass
 * through untouched.
 */
import type { OwnerRef } from './builders';

export type { OwnerRef };

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  /** A value may be read as undefined (fixtures leave some out). */
  annotations?: Record<string, string | undefined>;
  ownerReferences?: OwnerRef[];
  finalizers?: string[];
  [key: string]: unknown;
}

export interface CustomObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: object;
  status?: object;
  [key: string]: unknown;
}
