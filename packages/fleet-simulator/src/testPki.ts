// Real certificates for this package's tests, made with openssl as
// scripts/fleet/fleet.js makes the fleet's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function openssl(dir: string, ...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A self-signed CA: `<dir>/<name>.crt` and `.key`. */
export function createCa(dir: string, name: string, subject = `/CN=${name}`) {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-subj',
    subject,
  );
}

/** A key and a certificate signed by the CA `<dir>/<ca>.crt`, with `extensions` (openssl extfile text). */
export function signCertificate(
  dir: string,
  ca: string,
  name: string,
  subject: string,
  extensions: string,
) {
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  );
  fs.writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '1',
    '-out',
    `${name}.crt`,
    '-extfile',
    `${name}.ext`,
  );
}
