/**
 * The Argo CD objects the simulation reads and writes (argoproj.io/v1alpha1
 * Application and ApplicationSet), with the fields its controllers use;
 * other fields pass through.
 */
import type { LabelSelectorLike } from '@flotilla/plugin-multi-cluster-common';
import type { Condition } from '../capi/conditions';
import type { CustomObject, ObjectMeta } from '../capi/customObject';
import type { IgnoreApplicationDifferencesRule } from './ignoreDifferences';

export interface ApplicationSource {
  repoURL?: string;
  path?: string;
  targetRevision?: string;
  [key: string]: unknown;
}

export interface ApplicationDestination {
  name?: string;
  server?: string;
  namespace?: string;
}

/** Argo CD requires a destination; the add-on templates give one source. */
export interface ApplicationSpec {
  project?: string;
  source: ApplicationSource;
  destination: ApplicationDestination;
  [key: string]: unknown;
}

export interface SyncStatus {
  status: string;
  revision?: string;
  comparedTo?: {
    source?: ApplicationSource;
    destination?: ApplicationDestination;
  };
}

export interface HealthStatus {
  status: string;
  message?: string;
}

export interface OperationState {
  phase?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  [key: string]: unknown;
}

export interface ApplicationStatus {
  sync?: SyncStatus;
  health?: HealthStatus;
  operationState?: OperationState;
  reconciledAt?: string;
  sourceType?: string;
  [key: string]: unknown;
}

export interface Application extends CustomObject {
  spec?: Partial<ApplicationSpec>;
  status?: ApplicationStatus;
}

/** An Application as the cluster generator renders it from the template. */
export interface GeneratedApplication extends Application {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta & { namespace?: string };
  spec: ApplicationSpec;
}

export interface ApplicationSet extends CustomObject {
  spec?: {
    generators?: Array<{ clusters?: { selector?: LabelSelectorLike } }>;
    template?: {
      metadata?: Record<string, unknown>;
      spec?: Record<string, unknown>;
    };
    ignoreApplicationDifferences?: IgnoreApplicationDifferencesRule[];
    [key: string]: unknown;
  };
  status?: {
    conditions?: Condition[];
    [key: string]: unknown;
  };
}
