import https from 'node:https';
import { listenOnLoopback } from './loopbackServer';
import { makeTestTls } from './pki';

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
