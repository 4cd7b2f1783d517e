import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { AuthenticationError } from '@backstage/errors';

/** Mutating actions, like the routes, need a user principal. */
export function requireUser(credentials: BackstageCredentials) {
  if ((credentials.principal as any)?.type !== 'user') {
    throw new AuthenticationError('This action requires user credentials');
  }
}

/** Round-trips a value through JSON (actions return plain JSON). */
export function toJson<T>(value: T): any {
  return JSON.parse(JSON.stringify(value));
}
