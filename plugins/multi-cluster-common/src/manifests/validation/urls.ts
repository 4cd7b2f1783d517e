/**
 * Git and chart repository URLs as Argo CD and Fleet accept them.
 */
import { z } from 'zod';

const REPO_URL =
  /^(https?:\/\/|ssh:\/\/|git:\/\/|oci:\/\/)[^\s"'`\\]+$|^git@[A-Za-z0-9.-]+:[^\s"'`\\]+$/;

/**
 * A repository URL: https://, http://, ssh://, git://, oci:// or `git@host:path`.
 *
 * @public
 */
export function repoUrlSchema(what = 'repoURL') {
  return z
    .string({
      required_error: `${what} is required`,
      invalid_type_error: `${what} must be a string`,
    })
    .max(2048, `${what} must be at most 2048 characters`)
    .regex(
      REPO_URL,
      `${what} must be a repository URL such as https://github.com/acme/gitops.git or git@github.com:acme/gitops.git (no spaces or quotes)`,
    );
}

/**
 * A relative path inside a repository (no leading '/', no '..').
 *
 * @public
 */
export function repoPathSchema(what = 'path') {
  return z
    .string({ invalid_type_error: `${what} must be a string` })
    .min(1, `${what} must not be empty`)
    .max(1024, `${what} must be at most 1024 characters`)
    .regex(
      /^[A-Za-z0-9._\-/]+$/,
      `${what} may contain letters, digits, '.', '_', '-' and '/' only`,
    )
    .refine(
      p => !p.startsWith('/'),
      `${what} must be relative to the repository root`,
    )
    .refine(p => !p.split('/').includes('..'), `${what} must not contain '..'`);
}

/**
 * A Git revision: branch, tag or commit.
 *
 * @public
 */
export function gitRevisionSchema(what = 'revision') {
  return z
    .string({ invalid_type_error: `${what} must be a string` })
    .min(1)
    .max(255)
    .regex(
      /^[A-Za-z0-9._\-/]+$/,
      `${what} must be a branch, tag or commit (letters, digits, '.', '_', '-', '/')`,
    )
    .refine(
      r => !r.includes('..') && !r.endsWith('/') && !r.endsWith('.lock'),
      `${what} is not a valid Git ref name`,
    );
}
