/**
 * The two patch formats the Cluster API and Karmada's plaintext overrider
 * use: JSON merge patch (RFC 7386) and JSON patch (RFC 6902).
 */

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 7386: objects merge key by key, `null` removes, anything else replaces. */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: Json;
  from?: string;
}

export class JsonPatchError extends Error {}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new JsonPatchError(`JSON pointer "${pointer}" must start with "/"`);
  }
  return pointer
    .slice(1)
    .split('/')
    .map(t => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(document: Json, path: string[], pointer: string) {
  let node: Json = document;
  for (const token of path.slice(0, -1)) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else throw new JsonPatchError(`path "${pointer}" does not exist`);
  }
  if (!Array.isArray(node) && !isObject(node)) {
    throw new JsonPatchError(`path "${pointer}" does not exist`);
  }
  return node;
}

function arrayIndex(
  list: Json[],
  token: string,
  pointer: string,
  forAdd: boolean,
): number {
  if (forAdd && token === '-') return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) {
    throw new JsonPatchError(
      `"${token}" in "${pointer}" is not an array index`,
    );
  }
  const index = Number(token);
  if (index > list.length || (!forAdd && index === list.length)) {
    throw new JsonPatchError(`index ${index} of "${pointer}" is out of range`);
  }
  return index;
}

function get(document: Json, pointer: string): Json {
  let node = document;
  for (const token of tokens(pointer)) {
    if (Array.isArray(node))
      node = node[arrayIndex(node, token, pointer, false)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else throw new JsonPatchError(`path "${pointer}" does not exist`);
  }
  return node;
}

function add(document: Json, pointer: string, value: Json): Json {
  const path = tokens(pointer);
  if (path.length === 0) return value;
  const parent = parentOf(document, path, pointer);
  const last = path[path.length - 1];
  if (Array.isArray(parent))
    parent.splice(arrayIndex(parent, last, pointer, true), 0, value);
  else parent[last] = value;
  return document;
}

function remove(document: Json, pointer: string): Json {
  const path = tokens(pointer);
  if (path.length === 0) return undefined;
  const parent = parentOf(document, path, pointer);
  const last = path[path.length - 1];
  if (Array.isArray(parent))
    parent.splice(arrayIndex(parent, last, pointer, false), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw new JsonPatchError(`path "${pointer}" does not exist`);
  return document;
}

/** Applies the operations to a copy of `document`; the original is untouched. */
export function applyJsonPatch(
  document: Json,
  operations: JsonPatchOperation[],
): Json {
  let out = structuredClone(document);
  for (const op of operations) {
    switch (op.op) {
      case 'add':
        out = add(out, op.path, structuredClone(op.value));
        break;
      case 'remove':
        out = remove(out, op.path);
        break;
      case 'replace':
        get(out, op.path);
        out = add(remove(out, op.path), op.path, structuredClone(op.value));
        break;
      case 'move': {
        const value = get(out, op.from ?? '');
        out = add(remove(out, op.from ?? ''), op.path, value);
        break;
      }
      case 'copy':
        out = add(out, op.path, structuredClone(get(out, op.from ?? '')));
        break;
      case 'test':
        if (JSON.stringify(get(out, op.path)) !== JSON.stringify(op.value)) {
          throw new JsonPatchError(`test of "${op.path}" failed`);
        }
        break;
      default:
        throw new JsonPatchError(
          `unknown operation ${(op as { op: string }).op}`,
        );
    }
  }
  return out;
}
