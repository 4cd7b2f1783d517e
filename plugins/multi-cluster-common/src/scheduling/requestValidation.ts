/**
 * Checks of a schedule request before any cluster is looked at: replica
 * counts, the previous assignment, reachability and the workload's resource
 * requests (compiled once per call for the estimator).
 */
import { QuantityError } from '../quantity/quantity';
import { CompiledRequest, compileReplicaRequirements } from './estimator';
import { PlacementError } from './errors';
import { validateReachability } from './filters';
import type { ScheduleRequest } from './types';
import {
  isSupportedKarmadaVersion,
  KarmadaRules,
  karmadaRulesFor,
  SUPPORTED_KARMADA_VERSIONS,
} from './versionRules';

const INT32_MAX = 2147483647;

const REQUESTS_FIELD = 'replicaRequirements.resourceRequest';

/** An InvalidRequest error: the request itself is wrong, not the fleet. */
export function invalidRequest(message: string): PlacementError {
  return new PlacementError('InvalidRequest', message);
}

/**
 * The workload's requests, compiled once per call; a bad one is an
 * InvalidRequest naming `replicaRequirements.resourceRequest.<name>`.
 */
function compiledRequests(
  request: ScheduleRequest,
): CompiledRequest[] | undefined {
  if (!request.replicaRequirements) return undefined;
  try {
    return compileReplicaRequirements(
      request.replicaRequirements,
      REQUESTS_FIELD,
    );
  } catch (error) {
    if (error instanceof QuantityError) throw invalidRequest(error.message);
    throw error;
  }
}

/** The rules of the request's Karmada release; refuses an unsupported one. */
function rulesOf(request: ScheduleRequest): KarmadaRules {
  const version = request.karmadaVersion;
  if (version === undefined) return karmadaRulesFor();
  if (!isSupportedKarmadaVersion(version)) {
    throw invalidRequest(
      `karmadaVersion "${version}" is not supported; supported: ${SUPPORTED_KARMADA_VERSIONS.join(
        ', ',
      )}`,
    );
  }
  return karmadaRulesFor(version);
}

/**
 * Checks the request; returns its compiled resource requests and the rules
 * of its Karmada release.
 */
export function validateRequest(request: ScheduleRequest): {
  compiled: CompiledRequest[] | undefined;
  rules: KarmadaRules;
} {
  const rules = rulesOf(request);
  const { replicas } = request;
  if (!Number.isInteger(replicas) || replicas < 0 || replicas > INT32_MAX) {
    throw invalidRequest(
      `replicas must be an integer between 0 and ${INT32_MAX}, got ${replicas}`,
    );
  }
  const previousNames = new Set<string>();
  for (const entry of request.previous ?? []) {
    if (previousNames.has(entry.name)) {
      throw invalidRequest(
        `previous assignment names cluster "${entry.name}" more than once`,
      );
    }
    previousNames.add(entry.name);
    if (!Number.isInteger(entry.replicas) || entry.replicas < 0) {
      throw invalidRequest(
        `previous replicas of "${entry.name}" must be a non-negative integer`,
      );
    }
  }
  if (request.reachability !== undefined) {
    validateReachability(request.reachability, request.clusters);
  }
  // Kubernetes itself never lets a bad request reach Karmada; here one is
  // refused whether or not this attempt needs the estimator.
  return { compiled: compiledRequests(request), rules };
}
