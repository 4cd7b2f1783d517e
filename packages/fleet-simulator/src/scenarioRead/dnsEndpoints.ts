import type { ScenarioDnsEndpoint } from '../scenario';
import {
  count,
  DNS_LABEL,
  fail,
  type Json,
  list,
  object,
  only,
  optional,
  string,
} from './primitives';

const RECORD =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?\/[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/;
const HOSTNAME = /^[A-Za-z0-9]([A-Za-z0-9.:-]{0,252})$/;
const RECORD_TYPES = ['A', 'AAAA', 'CNAME'];

function readEntry(
  value: Json,
  where: string,
): ScenarioDnsEndpoint['endpoints'][number] {
  const e = object(value, where);
  only(
    e,
    ['dnsName', 'recordType', 'setIdentifier', 'targets', 'weight'],
    where,
  );
  const recordType = string(e.recordType, `${where}.recordType`);
  if (!RECORD_TYPES.includes(recordType)) {
    fail(`${where}.recordType`, `expected one of ${RECORD_TYPES.join(', ')}`);
  }
  const weight = optional(e.weight, v => count(v, `${where}.weight`));
  if (weight !== undefined && weight > 255) {
    fail(`${where}.weight`, 'Route 53 weights are 0 to 255');
  }
  const setIdentifier = optional(e.setIdentifier, v =>
    string(v, `${where}.setIdentifier`, DNS_LABEL),
  );
  return {
    dnsName: string(e.dnsName, `${where}.dnsName`, HOSTNAME),
    recordType,
    ...(setIdentifier ? { setIdentifier } : {}),
    targets: list(e.targets, `${where}.targets`, (v, w) =>
      string(v, w, HOSTNAME),
    ),
    ...(weight === undefined ? {} : { weight }),
  };
}

/** A cluster's `dnsEndpoints`: external-dns's DNSEndpoints seeded on it. */
export function readDnsEndpoint(
  value: Json,
  where: string,
): ScenarioDnsEndpoint {
  const d = object(value, where);
  only(d, ['name', 'endpoints'], where);
  return {
    name: string(d.name, `${where}.name`, RECORD),
    endpoints: list(d.endpoints, `${where}.endpoints`, readEntry),
  };
}
