/**
 * The task's workspace while a model works on it: files in memory (relative POSIX path → UTF-8
 * content), with the limits of limits.ts. Nothing is written to disk; the sandbox mounts a copy.
 */
import { workspacePathProblem } from '../../../providers/sandbox/request';
import { AGENT_MAX_FILE_BYTES, AGENT_MAX_FILES, AGENT_MAX_WORKSPACE_BYTES } from './limits';

/**
 * The model broke a rule of the run (unknown tool, path outside the workspace, a limit, no
 * `finish`) or its provider failed. The message says why, in words, and ends the task FAILED.
 */
export class AgentFailure extends Error {
  override name = 'AgentFailure';
}

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/** An in-memory workspace bounded by {@link AGENT_MAX_FILES} and the byte limits. */
export class Workspace {
  readonly files: Record<string, string> = {};

  /**
   * Writes (or replaces) one file.
   * @throws AgentFailure when the path is absolute, leaves the workspace or is malformed, or a limit is exceeded
   */
  write(path: string, content: string): { path: string; bytes: number } {
    const normalised = typeof path === 'string' ? path.replace(/^(\.\/)+/, '') : path;
    const problem = workspacePathProblem(normalised);
    if (problem) throw new AgentFailure(`The model wrote to "${path}", which ${problem}.`);
    const bytes = byteLength(content);
    if (bytes > AGENT_MAX_FILE_BYTES) {
      throw new AgentFailure(
        `The model wrote ${bytes} bytes to ${normalised}; a file may hold at most ${AGENT_MAX_FILE_BYTES} bytes.`,
      );
    }
    const isNew = !(normalised in this.files);
    if (isNew && Object.keys(this.files).length >= AGENT_MAX_FILES) {
      throw new AgentFailure(`The model wrote more than ${AGENT_MAX_FILES} files; that is the limit of a workspace.`);
    }
    const total = this.totalBytes() - (isNew ? 0 : byteLength(this.files[normalised]!)) + bytes;
    if (total > AGENT_MAX_WORKSPACE_BYTES) {
      throw new AgentFailure(
        `The model's files came to ${total} bytes; a workspace may hold at most ${AGENT_MAX_WORKSPACE_BYTES} bytes.`,
      );
    }
    this.files[normalised] = content;
    return { path: normalised, bytes };
  }

  /** The content of a file, or undefined (a `./` prefix is accepted). */
  read(path: string): string | undefined {
    return this.files[path.replace(/^(\.\/)+/, '')];
  }

  /** Bytes (UTF-8) of all files. */
  totalBytes(): number {
    let total = 0;
    for (const content of Object.values(this.files)) total += byteLength(content);
    return total;
  }
}
