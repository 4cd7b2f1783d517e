/**
 * API-server audit logging for kubeadm control planes: the audit-policy-file
 * and audit-log-* flags in clusterConfiguration.apiServer.extraArgs, the
 * policy written to the machines through kubeadm `files`, and the
 * extraVolumes that mount the policy and the log directory into the
 * kube-apiserver static pod.
 */
import { toYamlDocument } from '../yaml';
import { KubeadmFile } from './common';
import { NormalizedCapiClusterInput } from './types';

/** kubeadm `files[].content` may hold at most this many characters. */
export const MAX_KUBEADM_FILE_CONTENT = 10240;

/**
 * Flotilla's default audit policy: no noise from health checks, kube-proxy
 * watches, node status reads and events; metadata only for secrets,
 * configmaps and token reviews (never their payloads); full request and
 * response for RBAC changes; the request body for other writes; metadata for
 * the rest.
 *
 * @public
 */
export const DEFAULT_AUDIT_POLICY = {
  apiVersion: 'audit.k8s.io/v1',
  kind: 'Policy',
  omitStages: ['RequestReceived'],
  rules: [
    {
      level: 'None',
      users: ['system:kube-proxy'],
      verbs: ['watch'],
      resources: [
        { group: '', resources: ['endpoints', 'services', 'services/status'] },
      ],
    },
    {
      level: 'None',
      userGroups: ['system:nodes'],
      verbs: ['get'],
      resources: [{ group: '', resources: ['nodes', 'nodes/status'] }],
    },
    {
      level: 'None',
      nonResourceURLs: ['/healthz*', '/livez*', '/readyz*', '/version'],
    },
    { level: 'None', resources: [{ group: '', resources: ['events'] }] },
    {
      level: 'Metadata',
      resources: [
        {
          group: '',
          resources: ['secrets', 'configmaps', 'serviceaccounts/token'],
        },
        { group: 'authentication.k8s.io', resources: ['tokenreviews'] },
      ],
    },
    {
      level: 'RequestResponse',
      verbs: ['create', 'update', 'patch', 'delete', 'deletecollection'],
      resources: [{ group: 'rbac.authorization.k8s.io' }],
    },
    {
      level: 'Request',
      verbs: ['create', 'update', 'patch', 'delete', 'deletecollection'],
    },
    { level: 'Metadata' },
  ],
};

/** What audit logging adds to a KubeadmControlPlane. */
export interface AuditConfiguration {
  apiServerExtraArgs: Record<string, string>;
  extraVolumes: Array<{
    name: string;
    hostPath: string;
    mountPath: string;
    readOnly?: boolean;
    pathType: string;
  }>;
  files: KubeadmFile[];
}

function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

/**
 * The audit configuration for the input, or undefined when audit logging is
 * switched off (`audit.enabled: false`). On by default.
 */
export function auditConfiguration(
  input: NormalizedCapiClusterInput,
): AuditConfiguration | undefined {
  const audit = input.audit ?? {
    enabled: true,
    policyFile: '/etc/kubernetes/audit-policy.yaml',
    logPath: '/var/log/kubernetes/audit/audit.log',
    maxAge: 30,
    maxBackup: 10,
    maxSize: 100,
  };
  if (!audit.enabled) return undefined;
  const policy = audit.policy
    ? { apiVersion: 'audit.k8s.io/v1', kind: 'Policy', ...audit.policy }
    : DEFAULT_AUDIT_POLICY;
  const content = toYamlDocument(policy);
  if (content.length > MAX_KUBEADM_FILE_CONTENT) {
    // The schema cannot see the serialised size; report it the same way.
    throw new RangeError(
      `audit.policy is ${content.length} characters as YAML; kubeadm files hold at most ${MAX_KUBEADM_FILE_CONTENT}`,
    );
  }
  const logDir = dirname(audit.logPath);
  return {
    apiServerExtraArgs: {
      'audit-policy-file': audit.policyFile,
      'audit-log-path': audit.logPath,
      'audit-log-maxage': String(audit.maxAge),
      'audit-log-maxbackup': String(audit.maxBackup),
      'audit-log-maxsize': String(audit.maxSize),
    },
    extraVolumes: [
      {
        name: 'audit-policy',
        hostPath: audit.policyFile,
        mountPath: audit.policyFile,
        readOnly: true,
        pathType: 'File',
      },
      {
        name: 'audit-logs',
        hostPath: logDir,
        mountPath: logDir,
        pathType: 'DirectoryOrCreate',
      },
    ],
    files: [
      {
        path: audit.policyFile,
        owner: 'root:root',
        permissions: '0600',
        content,
      },
    ],
  };
}
