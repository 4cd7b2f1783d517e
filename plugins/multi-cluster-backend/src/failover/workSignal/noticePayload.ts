import { WORK_NOTICE_KINDS, WorkNotice, WorkNoticeKind } from './types';

/** Run ids are UUIDs; origins are UUIDs too. Anything longer is not ours. */
const MAX_ID = 64;

/** A notice on the wire, with the replica that sent it. */
export interface SentNotice {
  notice: WorkNotice;
  origin: string;
}

/** The NOTIFY payload: compact JSON, far below PostgreSQL's 8000 bytes. */
export function encodeNotice(
  kind: WorkNoticeKind,
  runId: string | undefined,
  origin: string,
): string {
  return JSON.stringify({ k: kind, o: origin, ...(runId ? { r: runId } : {}) });
}

function isId(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length > 0 && value.length <= MAX_ID
  );
}

/**
 * Reads a payload; undefined for anything that is not a notice this module
 * sent (anyone who may connect to the database may NOTIFY on the channel).
 */
export function decodeNotice(
  payload: string | undefined,
): SentNotice | undefined {
  if (!payload || payload.length > 512) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return undefined;
  }
  const { k, o, r } = value as Record<string, unknown>;
  const kind = WORK_NOTICE_KINDS.find(known => known === k);
  if (!kind || !isId(o) || (r !== undefined && !isId(r))) return undefined;
  return { notice: r ? { kind, runId: r } : { kind }, origin: o };
}
