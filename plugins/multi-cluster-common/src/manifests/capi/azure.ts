/**
 * Azure (cluster-api-provider-azure): AzureCluster and AzureMachineTemplate,
 * which CAPZ serves at infrastructure.cluster.x-k8s.io/v1beta1 only.
 */
import { InfrastructureProvider } from './common';
import {
  infrastructureClusterObject,
  machineTemplateObject,
  machineTypeOf,
} from './providerObjects';
import { infrastructureApiVersion } from './versions';

export const azureProvider: InfrastructureProvider = {
  provider: 'azure',
  clusterKind: 'AzureCluster',
  machineTemplateKind: 'AzureMachineTemplate',
  defaultMachineTypes: {
    controlPlane: 'Standard_D2s_v3',
    worker: 'Standard_D4s_v3',
  },
  nodeRegistrationName: '{{ ds.meta_data["local_hostname"] }}',

  infrastructureCluster(input, capiVersion) {
    const identityRef: Record<string, string> = {
      apiVersion: infrastructureApiVersion('azure', capiVersion),
      kind: 'AzureClusterIdentity',
      name: input.azure?.identityName ?? 'cluster-identity',
    };
    if (input.azure?.identityNamespace) {
      identityRef.namespace = input.azure.identityNamespace;
    }
    const spec: Record<string, unknown> = {
      location: input.region,
      resourceGroup: input.azure?.resourceGroup ?? input.name,
    };
    if (input.azure?.subscriptionId) {
      spec.subscriptionID = input.azure.subscriptionId;
    }
    spec.identityRef = identityRef;
    spec.networkSpec = {
      vnet: { name: `${input.name}-vnet` },
      subnets: [
        { name: 'control-plane-subnet', role: 'control-plane' },
        { name: 'node-subnet', role: 'node' },
      ],
    };
    return infrastructureClusterObject(azureProvider, input, capiVersion, spec);
  },

  machineTemplate(input, capiVersion, name, machine) {
    return machineTemplateObject(azureProvider, input, capiVersion, name, {
      vmSize: machineTypeOf(input, machine, azureProvider.defaultMachineTypes!),
      osDisk: { osType: 'Linux', diskSizeGB: 128 },
      sshPublicKey: '',
    });
  },

  kubeletExtraArgs() {
    return { 'cloud-provider': 'external' };
  },

  /**
   * CAPZ writes the cloud-provider config of each machine template into a
   * secret named `<template>-azure-json`; kubeadm mounts it as azure.json.
   */
  machineFiles(templateName, role) {
    return [
      {
        path: '/etc/kubernetes/azure.json',
        owner: 'root:root',
        permissions: '0644',
        contentFrom: {
          secret: {
            name: `${templateName}-azure-json`,
            key:
              role === 'control-plane'
                ? 'control-plane-azure.json'
                : 'worker-node-azure.json',
          },
        },
      },
    ];
  },
};
