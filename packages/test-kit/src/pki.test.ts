import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { listenOnLoopback } from './loopbackServer';
import { generatePrivateKey, makeTestTls } from './pki';

describe('makeTestTls', () => {
  it('makes a serving certificate a client verifies and a client certificate the server verifies', async () => {
    const tls = makeTestTls({ clientSubject: '/O=system:masters/CN=tester' });
    const api = await listenOnLoopback(
      https.createServer(
        { ...tls, requestCert: true, rejectUnauthorized: true },
        (req, res) => {
          const socket = req.socket as import('node:tls').TLSSocket;
          const peer = socket.getPeerCertificate();
          res.end(`${peer.subject.O}/${peer.subject.CN}`);
        },
      ),
    );
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        https
          .get(
            `${api.url}/`,
            { ca: tls.ca, cert: tls.client.cert, key: tls.client.key },
            res => {
              let body = '';
              res.on('data', chunk => (body += chunk));
              res.on('end', () => resolve(body));
            },
          )
          .on('error', reject);
      });
      expect(answer).toBe('system:masters/tester');
      expect(Buffer.from(tls.caData, 'base64').toString()).toBe(tls.ca);
    } finally {
      await api.close();
    }
  });
});

describe('generatePrivateKey', () => {
  it('writes an EC P-256 key when asked for EC', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-kit-key-'));
    try {
      generatePrivateKey(path.join(dir, 'ec.key'), { key: 'ec' });
      const key = crypto.createPrivateKey(
        fs.readFileSync(path.join(dir, 'ec.key')),
      );
      // prime256v1 is what OpenSSL calls NIST P-256.
      expect([key.asymmetricKeyType, key.asymmetricKeyDetails]).toEqual([
        'ec',
        { namedCurve: 'prime256v1' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
