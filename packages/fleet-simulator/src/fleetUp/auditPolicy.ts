import fs from 'node:fs';
import { stringify } from 'yaml';
import { file, STATE } from './layout';

/**
 * Audit at Metadata level (who, what, the answer's code) for the backend's
 * identity, the signed-in users it reads for, and the identity Karmada's
 * cluster proxy impersonates it with on members; nothing for the fleet's
 * operator and the controllers.
 */
export function writeAuditPolicy(): void {
  fs.mkdirSync(STATE, { recursive: true });
  fs.writeFileSync(
    file('audit-policy.yaml'),
    stringify({
      apiVersion: 'audit.k8s.io/v1',
      kind: 'Policy',
      omitStages: ['RequestReceived'],
      rules: [
        {
          level: 'Metadata',
          users: [
            'flotilla-backstage',
            'alice@flotilla.example',
            'bob@flotilla.example',
          ],
        },
        {
          level: 'Metadata',
          users: ['karmada-controller'],
          // Only reads: Karmada's own controllers write with this identity.
          verbs: ['get', 'list'],
        },
        { level: 'None' },
      ],
    }),
  );
}
