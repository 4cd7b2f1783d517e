/**
 * Real certificates, made with openssl: the local fleet's (scripts/fleet.sh
 * up) and the tests'. One CA signs serving and client certificates, as a
 * cluster's CA does.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CertificateOptions {
  /** Validity in days (default 1: a test's certificates outlive no run). */
  days?: number;
  /** The key: RSA 2048 as kube-apiserver's own tooling makes, or a faster EC P-256. */
  key?: 'rsa' | 'ec';
}

/** A serving certificate's extensions (openssl extfile text): 127.0.0.1 and localhost. */
export const SERVING_EXTENSIONS =
  'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n';

/** A client certificate's extensions (openssl extfile text). */
export const CLIENT_EXTENSIONS = 'extendedKeyUsage=clientAuth\n';

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function newKeyArgs(options: CertificateOptions): string[] {
  return options.key === 'ec'
    ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']
    : ['-newkey', 'rsa:2048'];
}

/** A self-signed CA: `<dir>/<name>.crt` and `<dir>/<name>.key`. */
export function createCa(
  dir: string,
  name: string,
  subject = `/CN=${name}`,
  options: CertificateOptions = {},
): void {
  openssl(
    'req',
    '-x509',
    ...newKeyArgs(options),
    '-nodes',
    '-days',
    String(options.days ?? 1),
    '-keyout',
    path.join(dir, `${name}.key`),
    '-out',
    path.join(dir, `${name}.crt`),
    '-subj',
    subject,
  );
}

/**
 * A key and a certificate (`<dir>/<name>.key`, `.crt`) signed by the CA
 * `<dir>/<ca>.crt`, with `extensions` (openssl extfile text).
 */
export function signCertificate(
  dir: string,
  ca: string,
  name: string,
  subject: string,
  extensions: string,
  options: CertificateOptions = {},
): void {
  const at = (file: string) => path.join(dir, file);
  openssl(
    'req',
    ...newKeyArgs(options),
    '-nodes',
    '-keyout',
    at(`${name}.key`),
    '-out',
    at(`${name}.csr`),
    '-subj',
    subject,
  );
  fs.writeFileSync(at(`${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    at(`${name}.csr`),
    '-CA',
    at(`${ca}.crt`),
    '-CAkey',
    at(`${ca}.key`),
    '-CAcreateserial',
    '-days',
    String(options.days ?? 1),
    '-out',
    at(`${name}.crt`),
    '-extfile',
    at(`${name}.ext`),
  );
}

/** A private key alone (a service-account signing key), RSA 2048 or EC P-256. */
export function generatePrivateKey(
  file: string,
  options: CertificateOptions = {},
): void {
  if (options.key === 'ec') {
    // SEC1 ("EC PRIVATE KEY"): kube-apiserver 1.20 reads the public half of
    // a service-account key from it, not from a PKCS #8 one.
    openssl(
      'ecparam',
      '-name',
      'prime256v1',
      '-genkey',
      '-noout',
      '-out',
      file,
    );
  } else {
    openssl('genrsa', '-out', file, '2048');
  }
}

/** PEM texts of a test CA, a serving certificate it signed, and a client one. */
export interface TestTls {
  /** The CA certificate: what a client or server trusts. */
  ca: string;
  /** The CA as a kubeconfig's `certificate-authority-data` (base64 PEM). */
  caData: string;
  /** A serving certificate for 127.0.0.1 and localhost, and its key. */
  cert: string;
  key: string;
  /** A client certificate of `clientSubject`, and its key. */
  client: { cert: string; key: string };
}

export interface TestTlsOptions {
  /** The client certificate's subject (openssl form; O is the group). */
  clientSubject?: string;
}

/**
 * A fresh CA with a serving and a client certificate (EC keys, fast), read
 * into memory; the files are gone when it returns.
 */
export function makeTestTls(options: TestTlsOptions = {}): TestTls {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-test-tls-'));
  const ec: CertificateOptions = { key: 'ec' };
  try {
    createCa(dir, 'ca', '/CN=flotilla-test-ca', ec);
    signCertificate(
      dir,
      'ca',
      'serving',
      '/CN=127.0.0.1',
      SERVING_EXTENSIONS,
      ec,
    );
    signCertificate(
      dir,
      'ca',
      'client',
      options.clientSubject ?? '/CN=flotilla-test-client',
      CLIENT_EXTENSIONS,
      ec,
    );
    const read = (file: string) =>
      fs.readFileSync(path.join(dir, file), 'utf8');
    const ca = read('ca.crt');
    return {
      ca,
      caData: Buffer.from(ca).toString('base64'),
      cert: read('serving.crt'),
      key: read('serving.key'),
      client: { cert: read('client.crt'), key: read('client.key') },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
