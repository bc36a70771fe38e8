/** Types of processes.mjs (child processes of the scripts). */
import type { ChildProcess } from 'node:child_process';

export interface Proc {
  child: ChildProcess;
  /** The process's stderr so far (its last 64 KB). */
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}
export function alive(pid: number): boolean;
export function exited(child: ChildProcess): Promise<number | null>;
export function startProcess(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; name: string; list?: ChildProcess[] },
): Proc;
export function stopAll(list: ChildProcess[]): void;
export function killGroup(pgid: number, signal?: NodeJS.Signals): Promise<void>;
export function freePort(): Promise<number>;
