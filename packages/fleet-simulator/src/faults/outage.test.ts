import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  OutageController,
  OutageTarget,
  readyzStatus,
  runningPid,
} from './outage';
import { clearFaults, getFaults, setFaults } from './state';
import { makeTestPki, TestPki } from './testSupport';

/**
 * Whether the process is gone. The stopped API server is this test
 * process's child: the outage returns once it has exited (a zombie), and
 * Node reaps it on a later turn of the event loop, so this waits for that.
 */
async function reaped(pid: number): Promise<boolean> {
  for (let turn = 0; turn < 600; turn++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  return false;
}

// A stand-in kube-apiserver: a real process serving /readyz over TLS with
// the member's certificate, to the admin token only, until SIGTERM.
const FAKE_API_SERVER = `
const fs = require('node:fs');
const https = require('node:https');
const [port, pkiDir, token] = process.argv.slice(2);
const read = name => fs.readFileSync(pkiDir + '/' + name);
const server = https.createServer({ cert: read('serving.crt'), key: read('serving.key') }, (req, res) => {
  res.writeHead(req.headers.authorization === 'Bearer ' + token ? 200 : 401);
  res.end(req.url === '/readyz' ? 'ok' : 'not found');
});
server.listen(Number(port), '127.0.0.1', () => console.log('fake apiserver listening on ' + port));
process.on('SIGTERM', () => { console.log('fake apiserver stopping'); server.close(); process.exit(0); });
`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return port;
}

describe('OutageController', () => {
  let pki: TestPki;
  let cluster: OutageTarget;
  const outages = new OutageController({ readyDeadlineMs: 20_000 });

  beforeAll(async () => {
    pki = makeTestPki();
    const script = path.join(pki.dir, 'fake-apiserver.js');
    fs.writeFileSync(script, FAKE_API_SERVER);
    const port = await freePort();
    cluster = {
      name: 'outage-member',
      url: `https://127.0.0.1:${port}`,
      pkiDir: pki.dir,
      tokens: { admin: 'admin-token' },
      pidFile: path.join(pki.dir, 'pids', 'outage-member.pid'),
      command: {
        binary: process.execPath,
        args: [script, String(port), pki.dir, 'admin-token'],
        log: path.join(pki.dir, 'logs', 'outage-member.log'),
      },
    };
  });

  afterAll(async () => {
    const pid = runningPid(cluster);
    if (pid && pid !== process.pid) process.kill(pid, 'SIGKILL');
    clearFaults();
    setFaults(cluster.name, { outage: false });
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  it('stops the API server, records the outage, and restarts it until /readyz answers', async () => {
    const first = await outages.restore(cluster);
    expect(first.running).toBe(true);
    expect(await readyzStatus(cluster, pki.ca)).toBe(200);
    expect(fs.readFileSync(cluster.pidFile, 'utf8')).toBe(String(first.pid));

    const stopped = await outages.outage(cluster);
    expect(stopped).toEqual({ cluster: cluster.name, running: false });
    expect(await reaped(first.pid!)).toBe(true);
    expect(fs.existsSync(cluster.pidFile)).toBe(false);
    expect(getFaults(cluster.name).outage).toBe(true);
    expect(await readyzStatus(cluster, pki.ca)).toBeUndefined();
    // A second outage finds it stopped and leaves it so.
    expect((await outages.outage(cluster)).running).toBe(false);

    const restored = await outages.restore(cluster);
    expect(restored.running).toBe(true);
    expect(restored.pid).not.toBe(first.pid);
    expect(getFaults(cluster.name).outage).toBe(false);
    expect(await readyzStatus(cluster, pki.ca)).toBe(200);
    expect(fs.readFileSync(cluster.pidFile, 'utf8')).toBe(String(restored.pid));
    expect(outages.state(cluster)).toEqual({
      cluster: cluster.name,
      running: true,
      pid: restored.pid,
    });

    const log = fs.readFileSync(cluster.command.log, 'utf8');
    expect(log.match(/restarted by the fleet simulator/g)).toHaveLength(2);
    expect(log).toContain('fake apiserver stopping');
  });

  it('never signals a process that is not the member API server named by a stale pid file', async () => {
    const pid = runningPid(cluster);
    if (pid) await outages.outage(cluster);
    fs.mkdirSync(path.dirname(cluster.pidFile), { recursive: true });
    // The pid file names this test's own process: alive, but not running the
    // member's binary (here the stand-in's binary is node too, hence another one).
    const other = {
      ...cluster,
      command: { ...cluster.command, binary: '/usr/bin/true' },
    };
    fs.writeFileSync(cluster.pidFile, String(process.pid));
    expect(runningPid(other)).toBeUndefined();
    expect(await outages.outage(other)).toEqual({
      cluster: cluster.name,
      running: false,
    });
    expect(() => process.kill(process.pid, 0)).not.toThrow();
    fs.rmSync(cluster.pidFile);
  });

  it('fails a restore whose server exits while starting, naming its log', async () => {
    const broken = {
      ...cluster,
      name: 'broken-member',
      pidFile: path.join(pki.dir, 'pids', 'broken.pid'),
      command: {
        binary: process.execPath,
        args: ['-e', 'process.exit(3)'],
        log: path.join(pki.dir, 'logs', 'broken.log'),
      },
      url: 'https://127.0.0.1:1',
    };
    await expect(outages.restore(broken)).rejects.toThrow(
      /exited while starting; see .*broken\.log/,
    );
    setFaults('broken-member', { outage: false });
  });
});
