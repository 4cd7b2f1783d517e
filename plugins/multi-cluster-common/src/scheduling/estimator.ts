/**
 * Karmada's general estimator (`pkg/estimator/client/general.go`): how many
 * more replicas of a workload fit in a cluster according to its
 * `status.resourceSummary`.
 *
 * Requests are validated when compiled (a bad one throws `QuantityError`).
 * What a cluster reports is never trusted to parse: a resource whose
 * allocatable, allocated or allocating entry is not a quantity counts as
 * unavailable (0 replicas), so one bad cluster cannot fail a schedule;
 * `resourceSummaryProblems` lists such entries for callers to report.
 */
import { quantityToScaledInteger } from '../quantity/fastPath';
import {
  Quantity,
  quantityMilliValue,
  quantityValue,
  tryParseQuantity,
} from '../quantity/quantity';
import { readResourceEntries } from '../quantity/resourceList';
import type {
  ClusterSnapshot,
  ReplicaRequirements,
  ResourceList,
} from './types';

const INT32_MAX = 2147483647;

// The loops below call this once per cluster and resource. Transpiled to
// CommonJS, every use of an imported binding reads a getter on the other
// module's exports; a local copy is a plain call.
const scaledInteger = quantityToScaledInteger;

/** Go's int64 -> int32 conversion (wraps). */
function toInt32(value: number): number {
  return value > INT32_MAX ? Number(BigInt.asIntN(32, BigInt(value))) : value;
}

/** One positive resource request, parsed once per workload. */
export interface CompiledRequest {
  name: string;
  isCpu: boolean;
  text: string;
  quantity: Quantity;
  /** Request in the unit Karmada divides in (milli for cpu), or NaN when not an exact integer. */
  scaled: number;
}

/**
 * Requests with `Value() > 0`, in declaration order, parsed once so the
 * per-cluster loop only parses the cluster's own quantities. Throws
 * `QuantityError` naming `<field>.<resource>` for a name that is not a
 * resource name or a value that is not a non-negative quantity.
 */
export function compileReplicaRequirements(
  requirements: ReplicaRequirements,
  field = 'resourceRequest',
): CompiledRequest[] {
  const compiled: CompiledRequest[] = [];
  if (requirements.resourceRequest === undefined) return compiled;
  const { entries, problems } = readResourceEntries(
    requirements.resourceRequest,
    field,
    { requests: true },
  );
  if (problems.length > 0) throw problems[0].error;
  for (const { resource: name, text, quantity } of entries) {
    // Value() rounds up, so any positive amount counts as a request.
    if (quantity.nanos === 0n) continue;
    const isCpu = name === 'cpu';
    compiled.push({
      name,
      isCpu,
      text,
      quantity,
      scaled: scaledInteger(text, isCpu ? 3 : 0),
    });
  }
  return compiled;
}

// Requirements objects are treated as immutable; parsing them once per
// object keeps repeated estimates from re-parsing the same requests.
const compiledByRequirements = new WeakMap<
  ReplicaRequirements,
  CompiledRequest[]
>();

function compiledFor(requirements: ReplicaRequirements): CompiledRequest[] {
  let compiled = compiledByRequirements.get(requirements);
  if (!compiled) {
    compiled = compileReplicaRequirements(requirements);
    compiledByRequirements.set(requirements, compiled);
  }
  return compiled;
}

/**
 * `Quantity.Value()` of an optional entry (`name` is a constant resource
 * name); missing means zero, NaN when the entry is not a quantity.
 */
function wholeUnits(list: ResourceList | undefined, name: string): number {
  const text = list?.[name];
  if (text === undefined) return 0;
  const fast = scaledInteger(text, 0);
  if (!Number.isNaN(fast)) return fast;
  const parsed = tryParseQuantity(text);
  return parsed.ok ? quantityValue(parsed.quantity) : NaN;
}

/** Nanos of an optional entry: 0n when missing, undefined when not a quantity. */
function optionalNanos(text: string | undefined): bigint | undefined {
  if (text === undefined) return 0n;
  const parsed = tryParseQuantity(text);
  return parsed.ok ? parsed.quantity.nanos : undefined;
}

/**
 * Exact path for quantities the fast path cannot represent; 0 when any of
 * the cluster's entries is not a quantity.
 */
function exactReplicasForResource(
  request: CompiledRequest,
  allocatableText: string,
  allocatedText: string | undefined,
  allocatingText: string | undefined,
): number {
  const allocatable = tryParseQuantity(allocatableText);
  const allocated = optionalNanos(allocatedText);
  const allocating = optionalNanos(allocatingText);
  if (!allocatable.ok || allocated === undefined || allocating === undefined) {
    return 0;
  }
  const free = { nanos: allocatable.quantity.nanos - allocated - allocating };
  if (quantityValue(free) <= 0) return 0;
  const requested = request.quantity;
  return request.isCpu
    ? Math.floor(quantityMilliValue(free) / quantityMilliValue(requested))
    : Math.floor(quantityValue(free) / quantityValue(requested));
}

/**
 * Replicas the free amount of one resource allows (free = allocatable -
 * allocated - allocating), or 0 when the resource is missing or exhausted.
 * CPU is divided in milli-units, everything else in whole units.
 */
function replicasForResource(
  request: CompiledRequest,
  allocatable: ResourceList,
  allocated: ResourceList | undefined,
  allocating: ResourceList | undefined,
): number {
  const allocatableText = allocatable[request.name];
  if (allocatableText === undefined) return 0;
  const allocatedText = allocated?.[request.name];
  const allocatingText = allocating?.[request.name];
  const scale = request.isCpu ? 3 : 0;
  const total = scaledInteger(allocatableText, scale);
  const used =
    allocatedText === undefined ? 0 : scaledInteger(allocatedText, scale);
  const pending =
    allocatingText === undefined ? 0 : scaledInteger(allocatingText, scale);
  // Any quantity off the fast path (NaN) takes the exact path.
  if (
    !Number.isNaN(request.scaled) &&
    !Number.isNaN(total) &&
    !Number.isNaN(used) &&
    !Number.isNaN(pending)
  ) {
    const free = total - used - pending;
    return free <= 0 ? 0 : Math.floor(free / request.scaled);
  }
  return exactReplicasForResource(
    request,
    allocatableText,
    allocatedText,
    allocatingText,
  );
}

/**
 * Maximum number of additional replicas `cluster` can take according to its
 * resource summary (Karmada's general estimator).
 *
 * - no summary: 0
 * - pods left = allocatable.pods - allocated.pods - allocating.pods; none left: 0
 * - no requirements: pods left
 * - otherwise min(pods left, min over positive requests of floor(free / request))
 *
 * Resource models (`allocatableModelings`) are not part of the snapshot and
 * therefore not considered.
 *
 * @public
 */
export function estimateAvailableReplicas(
  cluster: Pick<ClusterSnapshot, 'resourceSummary'>,
  replicaRequirements?: ReplicaRequirements,
): number {
  return estimateWithCompiledRequests(
    cluster,
    replicaRequirements ? compiledFor(replicaRequirements) : undefined,
  );
}

/** `estimateAvailableReplicas` with requests compiled by the caller. */
export function estimateWithCompiledRequests(
  cluster: Pick<ClusterSnapshot, 'resourceSummary'>,
  requests: readonly CompiledRequest[] | undefined,
): number {
  const summary = cluster.resourceSummary;
  if (!summary) return 0;
  const podsLeft =
    wholeUnits(summary.allocatable, 'pods') -
    wholeUnits(summary.allocated, 'pods') -
    wholeUnits(summary.allocating, 'pods');
  // NaN (a pods entry that is not a quantity) fails this test too.
  if (!(podsLeft > 0)) return 0;
  if (!requests) return toInt32(podsLeft);

  const allocatable = summary.allocatable ?? {};
  let maximum = podsLeft;
  for (let index = 0; index < requests.length; index++) {
    const bound = replicasForResource(
      requests[index],
      allocatable,
      summary.allocated,
      summary.allocating,
    );
    if (bound === 0) return 0;
    if (bound < maximum) maximum = bound;
  }
  return toInt32(maximum);
}
