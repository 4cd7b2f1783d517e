// Helpers for this folder's tests only: real certificates in a folder, and
// one HTTPS request.
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import {
  createCa,
  SERVING_EXTENSIONS,
  signCertificate,
} from '@flotilla/test-kit';

export interface TestPki {
  dir: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** A CA and a serving certificate for 127.0.0.1 signed by it, made by openssl. */
export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-proxy-pki-'));
  createCa(dir, 'ca', '/CN=test-ca');
  signCertificate(dir, 'ca', 'serving', '/CN=test-member', SERVING_EXTENSIONS);
  const read = (name: string) => fs.readFileSync(path.join(dir, name));
  return {
    dir,
    ca: read('ca.crt'),
    cert: read('serving.crt'),
    key: read('serving.key'),
  };
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request verified against `ca`, on a fresh connection. */
export function httpsRequest(
  port: number,
  ca: Buffer,
  method: string,
  requestPath: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    agent?: https.Agent;
  } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: requestPath,
        ca,
        agent: options.agent ?? false,
        headers: options.headers,
      },
      res => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', chunk => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
