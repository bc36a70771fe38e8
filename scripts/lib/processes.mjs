/**
 * Child processes of the scripts: start one (its stderr kept), tell whether one is alive, wait for
 * its exit, stop a whole process group or every process a run started, and find a free TCP port.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';

/** Most stderr kept per process, in characters (the tail is what explains a refusal). */
const STDERR_KEPT = 64 * 1024;

/** Whether a process (or, with a negative pid, a process group) still exists. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the exit code once `child` has exited (at once if it already has; null when killed). */
export const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((res) => child.once('exit', (code) => res(code)));

/**
 * Starts `cmd args` with stdout ignored and stderr kept (its last 64 KB; start-up refusals are read
 * from it), echoed as `[name] …` when E2E_VERBOSE is set. The child is added to `opts.list`, so the
 * run can stop it at the end ({@link stopAll}).
 * @returns the child, its stderr so far, and a promise of its exit code
 */
export function startProcess(cmd, args, { cwd, env, name, list }) {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => {
    err = (err + d.toString()).slice(-STDERR_KEPT);
    if (process.env.E2E_VERBOSE) process.stderr.write(`[${name}] ${d}`);
  });
  list?.push(child);
  return { child, stderr: () => err, exited: exited(child) };
}

/** SIGKILLs every process of `list` that is still running. */
export function stopAll(list) {
  for (const p of list) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
}

/**
 * Sends `signal` to the process group `pgid` (the pid of a child spawned with `detached: true`) and
 * waits until the group is gone, 10 s at most. Does nothing when the group is already gone.
 */
export async function killGroup(pgid, signal = 'SIGKILL') {
  try {
    process.kill(-pgid, signal);
  } catch {
    return;
  }
  for (let i = 0; i < 200 && alive(-pgid); i++) await new Promise((r) => setTimeout(r, 50));
}

/** A TCP port that is free on 127.0.0.1 now (the system picks it; free until someone takes it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
