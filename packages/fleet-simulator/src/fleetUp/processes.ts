import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import { file, pidFile, say } from './layout';

/** The pid of the named process when it runs, from its pid file. */
export function isRunning(name: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Starts a detached process logging to `logs/<name>.log`, unless it runs. */
export function startProcess(
  name: string,
  binary: string,
  args: string[],
  options: SpawnOptions = {},
): void {
  if (isRunning(name)) return;
  fs.mkdirSync(file('logs'), { recursive: true });
  fs.mkdirSync(file('pids'), { recursive: true });
  const log = fs.openSync(file('logs', `${name}.log`), 'a');
  const child = spawn(binary, args, {
    ...options,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.writeFileSync(pidFile(name), String(child.pid));
  child.unref();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the named processes by pid (SIGTERM, SIGKILL after 30 s), waiting for each to exit. */
export async function stopProcesses(names: string[]): Promise<void> {
  const pids = names.map(name => [name, isRunning(name)] as const);
  for (const [, pid] of pids) if (pid) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (pids.some(([, pid]) => pid && alive(pid)) && Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  for (const [name, pid] of pids) {
    if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    if (pid) say(`stopped ${name} (pid ${pid})`);
    fs.rmSync(pidFile(name), { force: true });
  }
}
