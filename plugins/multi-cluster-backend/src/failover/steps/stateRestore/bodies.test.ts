import { crdProblems } from '@flotilla/upstream-crds';
import { backupBody, restoreBody } from './bodies';

describe('the Velero objects the state-restore step creates', () => {
  it("are valid against Velero's CRDs", () => {
    expect(
      crdProblems([
        restoreBody('run-1', 'flotilla-ledger-db-0123456789', 'ledger-db-1'),
        backupBody(
          'run-1',
          'flotilla-backup-ledger-db-0123456789',
          'ledger-db',
          'prod-eu-west-azure-1',
          {
            includedNamespaces: ['shop'],
            storageLocation: 'default',
            ttl: '720h0m0s',
          },
        ),
      ]),
    ).toEqual([]);
  });
});
