/** A permission decision as `usePermission` gives it. */
export interface PermissionState {
  loading: boolean;
  allowed: boolean;
}

/** Why a lifecycle button is disabled, for its tooltip; empty when allowed. */
export function deniedReason(allowed: boolean, action: string): string {
  return allowed
    ? ''
    : `You are not allowed to ${action} this cluster (platform team only).`;
}
