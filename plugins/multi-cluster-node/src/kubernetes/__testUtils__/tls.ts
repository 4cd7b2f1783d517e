import { makeTestTls } from '@flotilla/test-kit';

/*
 * Test-only TLS material, made fresh for each test file by the shared test
 * kit: a CA, a server certificate for 127.0.0.1/localhost and a client
 * certificate (CN=capi-admin, O=system:masters) it signed.
 */
const tls = makeTestTls({ clientSubject: '/O=system:masters/CN=capi-admin' });

export const CA_CERT = tls.ca;
export const SERVER_CERT = tls.cert;
export const SERVER_KEY = tls.key;
export const CLIENT_CERT = tls.client.cert;
export const CLIENT_KEY = tls.client.key;
