import type {
  AddonDelivery,
  FabricKind,
  OffloadingKind,
  ResourceList,
} from '@flotilla/plugin-multi-cluster-common';

/** The resources people look at first; anything else follows by name. */
const RESOURCE_ORDER = ['cpu', 'memory', 'pods', 'nvidia.com/gpu'];

/** `cpu 32 · memory 128Gi · pods 110`, in a stable order; `-` when empty. */
export function formatResources(resources: ResourceList | undefined): string {
  const keys = Object.keys(resources ?? {}).sort((a, b) => {
    const rank = (key: string) =>
      RESOURCE_ORDER.includes(key)
        ? RESOURCE_ORDER.indexOf(key)
        : RESOURCE_ORDER.length;
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  if (keys.length === 0) return '-';
  return keys.map(key => `${key} ${resources![key]}`).join(' · ');
}

export const FABRIC_TITLES: Record<FabricKind, string> = {
  submariner: 'Submariner',
  istio: 'Istio multi-cluster',
  'cilium-clustermesh': 'Cilium Cluster Mesh',
  mcs: 'MCS API',
  'cloud-private': 'Cloud private connectivity',
  other: 'Other fabric',
};

export const OFFLOADING_TITLES: Record<OffloadingKind, string> = {
  liqo: 'Liqo',
  admiralty: 'Admiralty',
};

export const DELIVERY_TITLES: Record<AddonDelivery, string> = {
  'argocd-applicationset': 'Argo CD ApplicationSet',
  'fleet-gitrepo': 'Rancher Fleet GitRepo',
  'karmada-clusterpropagationpolicy': 'Karmada ClusterPropagationPolicy',
};

/** A fabric kind the backend may add later still gets a readable title. */
export function fabricTitle(kind: string): string {
  return FABRIC_TITLES[kind as FabricKind] ?? kind;
}
