// The clusters of the local fleet: the Karmada control plane, the Cluster API
// management cluster and the members, across three regions and three
// providers. `crds` names folders of packages/upstream-crds/crds installed
// into that cluster (only what it needs: each CRD costs API server memory).
// `access` says how Flotilla is meant to reach a member: through the Karmada
// cluster proxy, through its Cluster API `<name>-kubeconfig` Secret, or
// directly from the kubernetes config.
'use strict';

const member = (name, region, provider, access) => ({
  name,
  role: `member (${region}, ${provider}, ${access})`,
  region,
  provider,
  access,
  crds: ['mcs-api'],
});

const FLEET = [
  { name: 'karmada', role: 'Karmada control plane', crds: ['karmada'] },
  {
    name: 'capi',
    role: 'Cluster API management cluster, Argo CD and Fleet',
    crds: [
      'cluster-api',
      'cluster-api-provider-aws',
      'cluster-api-provider-gcp',
      'cluster-api-provider-azure',
      'argo-cd',
      'fleet',
    ],
  },
  member('prod-eu-west-aws-1', 'eu-west', 'aws', 'karmada-proxy'),
  member('prod-eu-west-gcp-1', 'eu-west', 'gcp', 'karmada-proxy'),
  member('prod-us-east-aws-1', 'us-east', 'aws', 'capi-kubeconfig'),
  member('prod-us-east-azure-1', 'us-east', 'azure', 'capi-kubeconfig'),
  member('prod-ap-southeast-gcp-1', 'ap-southeast', 'gcp', 'direct'),
  member('staging-eu-west-aws-1', 'eu-west', 'aws', 'direct'),
];

module.exports = { FLEET };
