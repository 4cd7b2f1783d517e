/**
 * Validates Kubernetes objects against the upstream CRDs committed in this
 * package, the way an API server with strict field validation would:
 *
 * - the apiVersion/kind must be a CRD version with `served: true`;
 * - the object must match that version's openAPIV3Schema, honouring
 *   `x-kubernetes-int-or-string`, `x-kubernetes-preserve-unknown-fields`,
 *   `x-kubernetes-embedded-resource`, `nullable`, formats (ajv-formats) and
 *   list types (`x-kubernetes-list-type: map|set`); unknown fields are
 *   errors (kubectl's default `--validate=strict`);
 * - `x-kubernetes-validations` (CEL) rules are evaluated for the rule shapes
 *   that occur in these CRDs; any other rule that applies to data present in
 *   the object is reported in `uncheckedRules`, so that tests can insist on
 *   there being none;
 * - `metadata.name` must be an RFC 1123 subdomain, `metadata.namespace` an
 *   RFC 1123 label (and absent for cluster-scoped kinds), labels valid.
 *
 * The folder is {@link upstreamCrdsDir}: this package's `crds/`, or
 * `FLOTILLA_CRDS_DIR` when set.
 */
import Ajv, { AnySchemaObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fs from 'fs';
import path from 'path';
import { parseAllDocuments } from 'yaml';
import { listCrdFiles, upstreamCrdsDir } from './crdsDir';

/** One version of one CRD. */
export interface CrdVersionInfo {
  group: string;
  kind: string;
  version: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  scope: 'Namespaced' | 'Cluster';
  file: string;
  schema: Record<string, unknown>;
}

/** The outcome of validating one object. */
export interface CrdValidationResult {
  valid: boolean;
  /** Human-readable errors (`/spec/foo: must be integer`). */
  errors: string[];
  /** CEL rules that apply to this object but that the helper cannot evaluate. */
  uncheckedRules: string[];
  /** True when the version is served but marked deprecated. */
  deprecated: boolean;
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

function labelKeyOk(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefix = parts[0];
    if (prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)) return false;
  }
  return name.length <= 63 && QUALIFIED_NAME.test(name);
}

// ---------------------------------------------------------------------------
// CEL: the rule shapes used by the upstream CRDs in crds/.

type CelCheck = (self: unknown) => boolean;

function parseStringList(text: string): string[] | undefined {
  const items = text.split(',').map(s => s.trim());
  const out: string[] = [];
  for (const item of items) {
    const m = /^'([^']*)'$/.exec(item);
    if (!m) return undefined;
    out.push(m[1]);
  }
  return out;
}

/** Returns a JS check for a CEL rule, or undefined when it is not understood. */
export function compileCelRule(rule: string): CelCheck | undefined {
  const r = rule.trim();
  if (r === 'self.all(x, self.exists_one(y, x.name == y.name))') {
    return self =>
      Array.isArray(self) &&
      self.every(
        x =>
          self.filter(
            y =>
              (y as { name?: unknown })?.name ===
              (x as { name?: unknown })?.name,
          ).length === 1,
      );
  }
  let m = /^!\(self in \[(.*)\]\)$/.exec(r);
  if (m) {
    const list = parseStringList(m[1]);
    if (list) return self => !list.includes(self as string);
  }
  m = /^self in \[(.*)\]$/.exec(r);
  if (m) {
    const list = parseStringList(m[1]);
    if (list) return self => list.includes(self as string);
  }
  m = /^self\.startsWith\('([^']*)'\)$/.exec(r);
  if (m) {
    const prefix = m[1];
    return self => typeof self === 'string' && self.startsWith(prefix);
  }
  m = /^self\.matches\('([^']*)'\)$/.exec(r);
  if (m) {
    const re = new RegExp(m[1]);
    return self => typeof self === 'string' && re.test(self);
  }
  m =
    /^self == '0' \|\| \(self\.matches\('([^']*)'\) && duration\(self\) <= duration\('2562047h'\)\)$/.exec(
      r,
    );
  if (m) {
    const re = new RegExp(m[1]);
    return self => self === '0' || (typeof self === 'string' && re.test(self));
  }
  m =
    /^\[has\(self\.(\w+)\),has\(self\.(\w+)\)\]\.filter\(x,x==true\)\.size\(\) == 1$/.exec(
      r,
    );
  if (m) {
    const [a, b] = [m[1], m[2]];
    return self => {
      const o = (self ?? {}) as Record<string, unknown>;
      return (a in o ? 1 : 0) + (b in o ? 1 : 0) === 1;
    };
  }
  m =
    /^!has\(self\.(\w+)\) \|\| !has\(self\.(\w+)\) \|\| self\.(\w+) != '([^']*)'$/.exec(
      r,
    );
  if (m && m[2] === m[3]) {
    const [a, b, value] = [m[1], m[2], m[4]];
    return self => {
      const o = (self ?? {}) as Record<string, unknown>;
      return !(a in o) || !(b in o) || o[b] !== value;
    };
  }
  m = /^!has\(self\.(\w+)\) \|\| !has\(self\.(\w+)\)$/.exec(r);
  if (m) {
    const [a, b] = [m[1], m[2]];
    return self => {
      const o = (self ?? {}) as Record<string, unknown>;
      return !(a in o) || !(b in o);
    };
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Schema conversion: Kubernetes structural schema -> JSON schema for ajv.

const CEL_KEYWORD = 'x-flotilla-cel';
const LIST_KEYWORD = 'x-flotilla-list';

function convertSchema(
  node: unknown,
  options: { root?: boolean } = {},
): AnySchemaObject {
  if (!node || typeof node !== 'object') return {};
  const src = node as Record<string, any>;
  const out: Record<string, any> = {};
  for (const [key, value] of Object.entries(src)) {
    switch (key) {
      case 'description':
      case 'example':
      case 'externalDocs':
      case 'x-kubernetes-validations':
      case 'x-kubernetes-list-type':
      case 'x-kubernetes-list-map-keys':
      case 'x-kubernetes-map-type':
      case 'x-kubernetes-int-or-string':
      case 'x-kubernetes-preserve-unknown-fields':
      case 'x-kubernetes-embedded-resource':
      case 'nullable':
      case 'default':
        break;
      case 'properties':
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [
            k,
            options.root && k === 'metadata' ? {} : convertSchema(v),
          ]),
        );
        break;
      case 'items':
        out.items = Array.isArray(value)
          ? value.map(v => convertSchema(v))
          : convertSchema(value);
        break;
      case 'additionalProperties':
        out.additionalProperties =
          typeof value === 'boolean' ? value : convertSchema(value);
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        out[key] = (value as unknown[]).map(v => convertSchema(v));
        break;
      case 'not':
        out.not = convertSchema(value);
        break;
      default:
        out[key] = value;
    }
  }
  if (src['x-kubernetes-int-or-string']) {
    delete out.type;
    // CRDs usually spell this out as anyOf integer|string already.
    if (!out.anyOf) out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (src['x-kubernetes-embedded-resource']) {
    out.properties = {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      ...(out.properties ?? {}),
    };
  }
  const preserve = src['x-kubernetes-preserve-unknown-fields'] === true;
  if (
    out.type === 'object' &&
    !preserve &&
    out.additionalProperties === undefined
  ) {
    // Strict field validation: unknown fields are rejected, and an object
    // with no declared fields must be empty.
    out.additionalProperties = false;
  }
  if (src.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
  }
  if (Array.isArray(src['x-kubernetes-validations'])) {
    out[CEL_KEYWORD] = (
      src['x-kubernetes-validations'] as Array<{
        rule: string;
        message?: string;
      }>
    ).map(v => ({ rule: v.rule, message: v.message ?? v.rule }));
  }
  if (src['x-kubernetes-list-type'] === 'map') {
    out[LIST_KEYWORD] = {
      type: 'map',
      keys: src['x-kubernetes-list-map-keys'] ?? [],
    };
  } else if (src['x-kubernetes-list-type'] === 'set') {
    out[LIST_KEYWORD] = { type: 'set', keys: [] };
  }
  return out;
}

// ---------------------------------------------------------------------------

interface CelContext {
  unchecked: Set<string>;
}

let currentCelContext: CelContext | undefined;

function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    unicodeRegExp: false,
    logger: false,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: CEL_KEYWORD,
    errors: true,
    validate: function celValidate(
      rules: Array<{ rule: string; message: string }>,
      data: unknown,
    ) {
      const failed: string[] = [];
      for (const { rule, message } of rules) {
        const check = compileCelRule(rule);
        if (!check) {
          currentCelContext?.unchecked.add(rule);
          continue;
        }
        if (!check(data)) failed.push(message);
      }
      if (failed.length > 0) {
        (celValidate as any).errors = failed.map(message => ({
          keyword: CEL_KEYWORD,
          message: `CEL rule failed: ${message}`,
          params: {},
        }));
        return false;
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: LIST_KEYWORD,
    errors: true,
    validate: function listValidate(
      spec: { type: 'map' | 'set'; keys: string[] },
      data: unknown,
    ) {
      if (!Array.isArray(data)) return true;
      const seen = new Set<string>();
      for (const item of data) {
        const key =
          spec.type === 'map'
            ? JSON.stringify(
                spec.keys.map(k => (item as Record<string, unknown>)?.[k]),
              )
            : JSON.stringify(item);
        if (seen.has(key)) {
          (listValidate as any).errors = [
            {
              keyword: LIST_KEYWORD,
              message: `duplicate entry ${key} in a list of type ${spec.type}`,
              params: {},
            },
          ];
          return false;
        }
        seen.add(key);
      }
      return true;
    },
  });
  return ajv;
}

/** Validates Kubernetes objects against the CRDs of a folder. */
export class CrdValidator {
  private readonly files: Array<{ file: string; text: string }>;
  private readonly parsed = new Map<string, CrdVersionInfo[]>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly ajv = createAjv();

  constructor(readonly crdsDir: string = upstreamCrdsDir()) {
    if (!fs.existsSync(crdsDir)) {
      throw new Error(
        `CRD folder ${crdsDir} not found; FLOTILLA_CRDS_DIR, when set, must name a folder of CRD files`,
      );
    }
    this.files = listCrdFiles(crdsDir).map(file => ({
      file,
      text: fs.readFileSync(file, 'utf8'),
    }));
  }

  private crdsOf(file: string, text: string): CrdVersionInfo[] {
    const cached = this.parsed.get(file);
    if (cached) return cached;
    const out: CrdVersionInfo[] = [];
    for (const doc of parseAllDocuments(text)) {
      const crd = doc.toJS({ maxAliasCount: -1 }) as any;
      if (!crd || crd.kind !== 'CustomResourceDefinition') continue;
      for (const v of crd.spec.versions ?? []) {
        out.push({
          group: crd.spec.group,
          kind: crd.spec.names.kind,
          version: v.name,
          served: v.served === true,
          storage: v.storage === true,
          deprecated: v.deprecated === true,
          scope: crd.spec.scope,
          file: path.relative(this.crdsDir, file),
          schema: v.schema?.openAPIV3Schema ?? {},
        });
      }
    }
    this.parsed.set(file, out);
    return out;
  }

  /** All versions of a CRD (served or not) for group/kind. */
  versionsOf(group: string, kind: string): CrdVersionInfo[] {
    const groupRe = new RegExp(
      `^\\s*group:\\s*["']?${group.replace(/\./g, '\\.')}["']?\\s*$`,
      'm',
    );
    const kindRe = new RegExp(`^\\s*kind:\\s*["']?${kind}["']?\\s*$`, 'm');
    const out: CrdVersionInfo[] = [];
    for (const { file, text } of this.files) {
      if (!groupRe.test(text) || !kindRe.test(text)) continue;
      out.push(
        ...this.crdsOf(file, text).filter(
          v => v.group === group && v.kind === kind,
        ),
      );
    }
    return out;
  }

  /** Served version names of group/kind. */
  servedVersions(group: string, kind: string): string[] {
    return this.versionsOf(group, kind)
      .filter(v => v.served)
      .map(v => v.version);
  }

  private validatorFor(info: CrdVersionInfo): ValidateFunction {
    const key = `${info.group}/${info.version}/${info.kind}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile(convertSchema(info.schema, { root: true }));
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** Validates one object. */
  validate(object: unknown): CrdValidationResult {
    const errors: string[] = [];
    const unchecked = new Set<string>();
    const result = (deprecated = false): CrdValidationResult => ({
      valid: errors.length === 0,
      errors,
      uncheckedRules: [...unchecked],
      deprecated,
    });
    if (!object || typeof object !== 'object' || Array.isArray(object)) {
      errors.push('not an object');
      return result();
    }
    const obj = object as Record<string, any>;
    if (typeof obj.apiVersion !== 'string' || !obj.apiVersion.includes('/')) {
      errors.push(
        `apiVersion ${JSON.stringify(obj.apiVersion)} is not group/version`,
      );
      return result();
    }
    if (typeof obj.kind !== 'string') {
      errors.push('kind is missing');
      return result();
    }
    const [group, version] = obj.apiVersion.split('/');
    const versions = this.versionsOf(group, obj.kind);
    if (versions.length === 0) {
      errors.push(
        `no CRD for ${obj.kind} in group ${group} under ${this.crdsDir}`,
      );
      return result();
    }
    const info = versions.find(v => v.version === version);
    if (!info) {
      errors.push(
        `${obj.kind} has no version ${version} (CRD versions: ${versions
          .map(v => v.version)
          .join(', ')})`,
      );
      return result();
    }
    if (!info.served) {
      errors.push(
        `${obj.kind} ${info.group}/${version} is not served (served: ${
          versions
            .filter(v => v.served)
            .map(v => v.version)
            .join(', ') || 'none'
        })`,
      );
    }

    // metadata
    const meta = obj.metadata;
    if (!meta || typeof meta !== 'object') {
      errors.push('metadata is missing');
    } else {
      if (
        typeof meta.name !== 'string' ||
        meta.name.length > 253 ||
        !DNS1123_SUBDOMAIN.test(meta.name)
      ) {
        errors.push(
          `metadata.name ${JSON.stringify(
            meta.name,
          )} is not an RFC 1123 subdomain`,
        );
      }
      if (meta.namespace !== undefined) {
        if (info.scope === 'Cluster') {
          errors.push(
            `metadata.namespace is set on cluster-scoped ${obj.kind}`,
          );
        } else if (
          typeof meta.namespace !== 'string' ||
          meta.namespace.length > 63 ||
          !DNS1123_LABEL.test(meta.namespace)
        ) {
          errors.push(
            `metadata.namespace ${JSON.stringify(
              meta.namespace,
            )} is not an RFC 1123 label`,
          );
        }
      }
      for (const [k, v] of Object.entries(meta.labels ?? {})) {
        if (
          !labelKeyOk(k) ||
          typeof v !== 'string' ||
          (v !== '' && (v.length > 63 || !QUALIFIED_NAME.test(v)))
        ) {
          errors.push(`metadata.labels has an invalid label ${k}=${v}`);
        }
      }
      for (const [k, v] of Object.entries(meta.annotations ?? {})) {
        if (!labelKeyOk(k) || typeof v !== 'string') {
          errors.push(`metadata.annotations has an invalid entry ${k}`);
        }
      }
      const allowedMeta = new Set([
        'name',
        'namespace',
        'labels',
        'annotations',
        'generateName',
        'finalizers',
        'ownerReferences',
      ]);
      for (const key of Object.keys(meta)) {
        if (!allowedMeta.has(key)) {
          errors.push(`metadata.${key} is not a field a client should set`);
        }
      }
    }

    const validateFn = this.validatorFor(info);
    currentCelContext = { unchecked };
    try {
      if (!validateFn(obj)) {
        for (const e of validateFn.errors ?? []) {
          let extra = '';
          if (e.keyword === 'additionalProperties') {
            extra = ` (${(e.params as any).additionalProperty})`;
          } else if (e.keyword === 'enum') {
            extra = ` (${JSON.stringify((e.params as any).allowedValues)})`;
          }
          errors.push(`${e.instancePath || '/'}: ${e.message}${extra}`);
        }
      }
    } finally {
      currentCelContext = undefined;
    }
    return result(info.deprecated);
  }
}

let shared: CrdValidator | undefined;

/** A process-wide validator over {@link upstreamCrdsDir}. */
export function getCrdValidator(): CrdValidator {
  if (!shared) shared = new CrdValidator();
  return shared;
}

/**
 * Validates every object and returns the problems as `Kind/name: error`
 * lines (empty when all are valid and no CEL rule went unchecked).
 */
export function crdProblems(
  objects: ReadonlyArray<unknown>,
  validator: CrdValidator = getCrdValidator(),
): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const o = object as { kind?: string; metadata?: { name?: string } };
    const label = `${o?.kind}/${o?.metadata?.name}`;
    const result = validator.validate(object);
    problems.push(...result.errors.map(e => `${label}: ${e}`));
    problems.push(
      ...result.uncheckedRules.map(r => `${label}: unchecked CEL rule ${r}`),
    );
  }
  return problems;
}
