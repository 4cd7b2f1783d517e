import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { InputError } from '@backstage/errors';
import {
  failoverRunRefSchema,
  FailoverPlanError,
  startFailoverRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  actionInputSchema,
  IDEMPOTENT_CHANGE_ACTION,
  inputOf,
  READ_ONLY_ACTION,
  requireUser,
  toJson,
} from '../actions/util';
import { FailoverService } from './FailoverService';
import { FailoverRun } from './types';

type ActionOptions = Parameters<ActionsRegistryService['register']>[0];
/** The zod the actions registry hands to an output schema. */
type RegistryZod = Parameters<ActionOptions['schema']['output']>[0];

const runOutput = (z: RegistryZod) =>
  z.object({
    id: z.string(),
    status: z.string(),
    entityRef: z.string(),
    kind: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    created: z.boolean().optional(),
    error: z.string().optional(),
    steps: z.array(
      z.object({
        order: z.number(),
        kind: z.string(),
        status: z.string(),
        attempts: z.number(),
        error: z.string().optional(),
      }),
    ),
  });

/** A run as the actions return it (`runOutput`). */
interface RunSummary {
  id: string;
  status: string;
  entityRef: string;
  kind: string;
  from: string;
  to: string[];
  created?: boolean;
  error?: string;
  steps: {
    order: number;
    kind: string;
    status: string;
    attempts: number;
    error?: string;
  }[];
}

function summary(run: FailoverRun, created?: boolean): RunSummary {
  return {
    id: run.id,
    status: run.status,
    entityRef: run.entityRef,
    kind: run.kind,
    from: run.from,
    to: [...run.to],
    ...(created !== undefined ? { created } : {}),
    ...(run.error ? { error: run.error } : {}),
    steps: run.steps.map(s => ({
      order: s.order,
      kind: s.kind,
      status: s.status,
      attempts: s.attempts,
      ...(s.error ? { error: s.error } : {}),
    })),
  };
}

/** `start-failover`, `get-failover` and `cancel-failover`. */
export function registerFailoverActions(
  actions: ActionsRegistryService,
  service: FailoverService,
) {
  actions.register({
    name: 'start-failover',
    title: 'Fail a service over to another cluster',
    description:
      'Starts a failover of a catalog entity (service) away from a cluster: prechecks, replica shift (Karmada OverridePolicy or direct scaling), Argo CD sync, traffic shift, verification and notification, executed exactly once and recorded. Requires multi-cluster.failover.execute on the entity. With dryRun it only returns the plan. With idempotencyKey a repeated call returns the same run.',
    attributes: { readOnly: false, destructive: true, idempotent: false },
    schema: {
      // The schema of POST /failovers.
      input: actionInputSchema(startFailoverRequestSchema),
      output: z =>
        z.object({
          dryRun: z.boolean(),
          plan: z.unknown().optional(),
          run: runOutput(z).optional(),
        }),
    },
    action: async ({ input, credentials }) => {
      requireUser(credentials);
      const request = inputOf(startFailoverRequestSchema, input);
      let result;
      try {
        result = await service.create(request, credentials);
      } catch (error) {
        // The route answers 422 with the plan's reason (e.g. an unknown
        // source cluster): the caller's input, not a server fault.
        if (error instanceof FailoverPlanError) {
          throw new InputError(`FailoverPlanError: ${error.message}`);
        }
        throw error;
      }
      if (result.dryRun) {
        return { output: { dryRun: true, plan: toJson(result.plan) } };
      }
      return {
        output: { dryRun: false, run: summary(result.run, result.created) },
      };
    },
  });

  actions.register({
    name: 'get-failover',
    title: 'Get a failover run',
    description:
      'Status of a failover run and each of its steps (status, attempts, error). Requires multi-cluster.failover.read on the entity.',
    attributes: READ_ONLY_ACTION,
    schema: {
      input: actionInputSchema(failoverRunRefSchema),
      output: runOutput,
    },
    action: async ({ input, credentials }) => ({
      output: summary(
        await service.get(inputOf(failoverRunRefSchema, input).id, credentials),
      ),
    }),
  });

  actions.register({
    name: 'cancel-failover',
    title: 'Cancel a failover run',
    description:
      'Cancels a failover run: at once when no replica is executing it, else before its next step. Completed steps are not undone (use a rollback). Requires multi-cluster.failover.execute on the entity.',
    attributes: IDEMPOTENT_CHANGE_ACTION,
    schema: {
      input: actionInputSchema(failoverRunRefSchema),
      output: runOutput,
    },
    action: async ({ input, credentials }) => {
      requireUser(credentials);
      const { id } = inputOf(failoverRunRefSchema, input);
      return { output: summary(await service.cancel(id, credentials)) };
    },
  });
}
