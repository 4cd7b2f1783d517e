import { AuditorService, LoggerService } from '@backstage/backend-plugin-api';
import { JsonObject } from '@backstage/types';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import {
  AUDIT_BOUNDS,
  sanitizeError,
  sanitizeJsonObject,
} from './sanitizeJson';

/** A request refused before it changed anything (400, 403, 409). */
export interface Refusal {
  eventId: string;
  actor: string;
  request: JsonObject;
  error: Error;
}

/**
 * Records a refused request as a failed audit event with bounded fields,
 * and nothing else (no history row, no signal). An auditor that fails is
 * logged: a refusal is answered whatever the audit does.
 */
export async function auditRefusal(
  auditor: AuditorService | undefined,
  logger: LoggerService,
  refusal: Refusal,
): Promise<void> {
  if (!auditor) return;
  try {
    const event = await auditor.createEvent({
      eventId: refusal.eventId,
      severityLevel: 'medium',
      meta: sanitizeJsonObject(
        { actor: refusal.actor, refused: true, request: refusal.request },
        AUDIT_BOUNDS,
      ),
    });
    await event.fail({
      error: sanitizeError(refusal.error, AUDIT_BOUNDS.maxString),
    });
  } catch (e) {
    logger.warn(
      `Could not audit a refused ${refusal.eventId}: ${sanitizeForLog(e, 500)}`,
    );
  }
}
