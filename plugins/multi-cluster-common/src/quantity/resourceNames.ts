/**
 * Kubernetes resource names (`cpu`, `memory`, `nvidia.com/gpu`): a
 * qualified name with an optional DNS-1123 subdomain prefix, as
 * apimachinery's `validation.IsQualifiedName` checks them, minus the names
 * of `Object.prototype` members (`__proto__`, `constructor`, `toString`...)
 * and `prototype`, which no cluster reports and which would make a plain
 * object lookup return something that is not a quantity.
 */

const QUALIFIED_NAME_MAX_LENGTH = 63;
const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS1123_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const NAME_PART_RULE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName', 'my.name' or '123-abc')";
const PREFIX_RULE =
  "must be a lowercase RFC 1123 subdomain: lower case alphanumeric characters, '-' or '.', starting and ending with an alphanumeric character (e.g. 'example.com')";

/**
 * Upper bound of a valid name: a 253-character prefix, '/', 63 characters.
 *
 * @public
 */
export const MAX_RESOURCE_NAME_LENGTH =
  DNS1123_SUBDOMAIN_MAX_LENGTH + 1 + QUALIFIED_NAME_MAX_LENGTH;

function isReservedName(name: string): boolean {
  return name in Object.prototype || name === 'prototype';
}

/**
 * Why `name` is not a Kubernetes resource name, or undefined when it is one.
 * The text reads after the name's field, e.g. `resourceRequest.x y: ...`.
 *
 * @public
 */
export function resourceNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'resource names must be strings';
  if (name.length > MAX_RESOURCE_NAME_LENGTH) {
    return `resource names must be at most ${MAX_RESOURCE_NAME_LENGTH} characters long`;
  }
  if (isReservedName(name)) {
    return `'${name}' is reserved and cannot be a resource name`;
  }
  const parts = name.split('/');
  if (parts.length > 2) {
    return `a resource name is a qualified name with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName'), got more than one '/'`;
  }
  const problems: string[] = [];
  const part = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefix = parts[0];
    if (prefix.length === 0) problems.push('prefix part must be non-empty');
    else if (prefix.length > DNS1123_SUBDOMAIN_MAX_LENGTH) {
      problems.push(
        `prefix part must be no more than ${DNS1123_SUBDOMAIN_MAX_LENGTH} characters`,
      );
    } else if (!DNS1123_SUBDOMAIN.test(prefix)) {
      problems.push(`prefix part ${PREFIX_RULE}`);
    }
  }
  if (part.length === 0) problems.push('name part must be non-empty');
  else if (part.length > QUALIFIED_NAME_MAX_LENGTH) {
    problems.push(
      `name part must be no more than ${QUALIFIED_NAME_MAX_LENGTH} characters`,
    );
  } else if (!QUALIFIED_NAME.test(part)) {
    problems.push(`name part ${NAME_PART_RULE}`);
  }
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/**
 * Whether `name` is a Kubernetes resource name (see {@link resourceNameProblem}).
 *
 * @public
 */
export function isResourceName(name: unknown): name is string {
  return resourceNameProblem(name) === undefined;
}
