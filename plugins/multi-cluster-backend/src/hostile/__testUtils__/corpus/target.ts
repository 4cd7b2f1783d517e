import { z } from 'zod';

/** One hostile request; what is not given is the target's valid request. */
export interface HostileCase {
  label: string;
  /** Path (with query) relative to the plugin, e.g. `/clusters?x=1`. */
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The status it must get when it is not just "some 4xx". */
  status?: number;
}

/** A route or action of the plugin. */
export interface Target {
  name: string;
  method: 'get' | 'post' | 'delete';
  /** A valid path (and query), relative to the plugin. */
  path: string;
  /** A valid body or action input. */
  valid?: Record<string, unknown>;
  /** The schema the body (or action input) is checked with. */
  schema?: z.ZodTypeAny;
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
  cases: HostileCase[];
}
