/**
 * The bounds of one agent run (DESIGN §8): a model doing task work gets at most these steps, tokens,
 * seconds, files, bytes, program runs and images. Past a bound the task ends FAILED, saying which.
 */

/** Model calls (steps) of one run; a run that has not called `finish` by then fails. */
export const AGENT_MAX_STEPS = 12;
/** Times a model that answers in text instead of calling a tool is reminded to use the tools. */
export const AGENT_MAX_NUDGES = 2;
/** Input + output tokens of all steps together. */
export const AGENT_TOKEN_BUDGET = 300_000;
/** Output tokens of one step (a file written in one call must fit). */
export const AGENT_MAX_OUTPUT_TOKENS = 8_000;
/** Wall-clock time of a whole run, in ms. */
export const AGENT_TIMEOUT_MS = 120_000;
/** Files in the workspace. */
export const AGENT_MAX_FILES = 40;
/** Bytes (UTF-8) of one file. */
export const AGENT_MAX_FILE_BYTES = 200 * 1024;
/** Bytes (UTF-8) of all files together. */
export const AGENT_MAX_WORKSPACE_BYTES = 1024 * 1024;
/** `run_program` calls of one run. */
export const AGENT_MAX_RUNS = 12;
/** `generate_image` calls of one run. */
export const AGENT_MAX_IMAGES = 3;
/** Characters of stdout and of stderr a `run_program` result hands back to the model (each). */
export const AGENT_RUN_OUTPUT_CHARS = 4_000;
/** SPEC: a Farcaster cast is at most 320 characters. */
export const AGENT_CAST_MAX_CHARS = 320;
