import { getFaults } from './state';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/**
 * What a service's health endpoint on a member answers: the endpoint a
 * platform's services expose per cluster (`flotilla.io/health-probe`), played
 * for the local fleet, where no service really runs. 200 `{"status":"ok"}`
 * unless the member's `probeFailWith` fault says otherwise; a service name
 * that is not a DNS label is 400 (`undefined`: the caller answers it).
 */
export function serviceHealth(
  cluster: string,
  service: string,
): [number, unknown] | undefined {
  if (!DNS_LABEL.test(service)) return undefined;
  const failWith = getFaults(cluster).probeFailWith;
  if (failWith) {
    return [
      failWith,
      { status: 'failing', cluster, service, reason: 'probeFailWith fault' },
    ];
  }
  return [200, { status: 'ok' }];
}
