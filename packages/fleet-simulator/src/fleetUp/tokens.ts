import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FleetCluster } from './clusters';
import { pkiDir } from './layout';

interface TokenUser {
  user: string;
  name: string;
  groups: string[];
  /** Known to members only. */
  members?: boolean;
}

/**
 * Static bearer tokens (kube-apiserver --token-auth-file): the fleet
 * operator (`admin`, in system:masters, as the simulator's admin client
 * certificate is), the Backstage backend (`flotilla`, bound to the
 * least-privileged roles of deploy/rbac), and on members the identity
 * Karmada's controllers use (`karmada-controller`, what a member's Karmada
 * Cluster secretRef holds).
 */
const TOKEN_USERS: TokenUser[] = [
  { user: 'admin', name: 'flotilla-admin', groups: ['system:masters'] },
  {
    user: 'flotilla',
    name: 'flotilla-backstage',
    groups: ['flotilla:backstage'],
  },
  {
    user: 'karmada-controller',
    name: 'karmada-controller',
    groups: ['system:masters'],
    members: true,
  },
  // Two signed-in Backstage users whose own tokens the backend forwards on
  // clusters configured for user-delegated reads (`authProvider: oidc`). An
  // OIDC ID token is a bearer token the API server verifies before RBAC;
  // here the server knows them from its token file.
  {
    user: 'alice',
    name: 'alice@flotilla.example',
    groups: ['fleet:developers'],
    members: true,
  },
  {
    user: 'bob',
    name: 'bob@flotilla.example',
    groups: ['fleet:contractors'],
    members: true,
  },
];

/** A user's token: derived from the cluster's CA key, so stable across restarts. */
export function token(cluster: FleetCluster, user: string): string {
  return crypto
    .createHash('sha256')
    .update(`${fs.readFileSync(path.join(pkiDir(cluster), 'ca.key'))}${user}`)
    .digest('hex')
    .slice(0, 40);
}

function usersOf(cluster: FleetCluster): TokenUser[] {
  return TOKEN_USERS.filter(u => !u.members || cluster.kind === 'member');
}

export function tokensOf(cluster: FleetCluster): Record<string, string> {
  return Object.fromEntries(
    usersOf(cluster).map(u => [u.user, token(cluster, u.user)]),
  );
}

export function writeTokenFile(cluster: FleetCluster): void {
  const lines = usersOf(cluster).map(
    u =>
      `${token(cluster, u.user)},${u.name},${u.name}-uid,"${u.groups.join(
        ',',
      )}"`,
  );
  fs.writeFileSync(
    path.join(pkiDir(cluster), 'tokens.csv'),
    `${lines.join('\n')}\n`,
  );
}
