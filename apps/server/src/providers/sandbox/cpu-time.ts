/**
 * CPU time of one thread of this process, for the sandbox's CPU limit. On Linux a worker thread
 * reports its kernel thread id (read from /proc/thread-self); its user + system time is then in
 * /proc/self/task/<tid>/stat (fields 14 and 15, in clock ticks of 1/100 s). Elsewhere, or when the
 * file cannot be read, callers fall back to wall-clock time, which is never less than CPU time.
 */
import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's time fields (USER_HZ, 100 on every Linux architecture Node supports). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) used so far by thread `tid` of this process, in ms; null when unknown.
 * Resolution: 10 ms.
 */
export async function threadCpuMs(tid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: split after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
