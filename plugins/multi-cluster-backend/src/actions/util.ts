import { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { CompoundEntityRef, parseEntityRef } from '@backstage/catalog-model';
import { AuthenticationError, InputError } from '@backstage/errors';
import { entityRefRequestSchema } from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';

/** Mutating actions, like the routes, need a user principal. */
export function requireUser(credentials: BackstageCredentials) {
  if (
    (credentials.principal as { type?: unknown } | undefined)?.type !== 'user'
  ) {
    throw new AuthenticationError('This action requires user credentials');
  }
}

/**
 * Round-trips a value through JSON (actions return plain JSON). Typed as
 * the value: what Flotilla hands to actions is JSON data already (no Dates,
 * functions or undefined that the round trip would change).
 */
export function toJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

type ActionOptions = Parameters<ActionsRegistryService['register']>[0];
/** The object schema type the actions registry is declared with. */
type RegistryInputSchema = ReturnType<ActionOptions['schema']['input']>;

/**
 * A route's request schema as an action's input schema, so an action
 * validates exactly like its route (strict, bounded, short errors).
 *
 * The registry is declared against its own copy of zod (zod 4's `zod/v3`)
 * and ours is zod 3: the same library, so the registry validates ours with
 * `safeParse` and describes it (JSON Schema from `_def`) as its own; only
 * the declared types differ, hence the cast.
 */
export function actionInputSchema(
  schema: z.ZodTypeAny,
): () => RegistryInputSchema {
  return () => schema as unknown as RegistryInputSchema;
}

type RegistryOutputSchema = ReturnType<
  NonNullable<ActionOptions['schema']['output']>
>;

/**
 * A route's response schema as an action's output schema: an action answers
 * what its route answers, described once (the cast as for inputs).
 */
export function actionOutputSchema(
  schema: z.ZodTypeAny,
): () => RegistryOutputSchema {
  return () => schema as unknown as RegistryOutputSchema;
}

/** An action's input as its schema output it (the registry parsed it). */
export function inputOf<T extends z.ZodTypeAny>(
  _schema: T,
  input: unknown,
): z.output<T> {
  return input as z.output<T>;
}

/** The entity of an `{ entityRef }` input (kind defaults to component). */
export function entityRefOf(input: unknown): CompoundEntityRef {
  const { entityRef } = inputOf(entityRefRequestSchema, input);
  try {
    return parseEntityRef(entityRef, { defaultKind: 'component' });
  } catch (error) {
    // The schema checks the syntax; whatever else parseEntityRef refuses
    // is still the caller's mistake.
    throw new InputError(`entityRef: ${(error as Error).message}`);
  }
}

/** How an action that only reads is described to its callers. */
export const READ_ONLY_ACTION = {
  readOnly: true,
  destructive: false,
  idempotent: true,
};

/** An action that changes something; the same request again changes nothing more. */
export const IDEMPOTENT_CHANGE_ACTION = {
  readOnly: false,
  destructive: true,
  idempotent: true,
};

type RegistryZod = Parameters<
  NonNullable<ActionOptions['schema']['output']>
>[0];
type RegistryShape = Parameters<RegistryZod['object']>[0];

/**
 * The schema of an action that reads one entity's view: `{ entityRef }` in
 * (as the routes take it), `entityRef` and the view's `fields` out.
 */
export function entityReadSchema(
  fields: (z: RegistryZod) => RegistryShape,
): ActionOptions['schema'] {
  return {
    input: actionInputSchema(entityRefRequestSchema),
    output: (zod: RegistryZod) =>
      zod.object({ entityRef: zod.string(), ...fields(zod) }),
  };
}

/** What an action's handler reads of the registry's call. */
interface ActionCall {
  input: unknown;
  credentials: BackstageCredentials;
}

/** The handler of an action that reads one entity's view (input `{ entityRef }`). */
export function entityReadHandler<T>(
  read: (
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ) => Promise<T>,
) {
  return async ({ input, credentials }: ActionCall) => {
    const ref = entityRefOf(input);
    const result = await read(ref, credentials);
    return { output: toJson(result) };
  };
}

/**
 * The handler of an action a user takes on one cluster (input
 * `{ cluster, ...request }`).
 */
export function clusterChangeHandler<I extends { cluster: string }, T>(
  schema: z.ZodType<I, z.ZodTypeDef, unknown>,
  change: (
    cluster: string,
    request: Omit<I, 'cluster'>,
    options: { credentials: BackstageCredentials },
  ) => Promise<T>,
) {
  return async ({ input, credentials }: ActionCall) => {
    requireUser(credentials);
    const { cluster, ...request } = inputOf(schema, input);
    const result = await change(cluster, request, { credentials });
    return { output: toJson(result) };
  };
}
