#!/usr/bin/env node
/**
 * Crash test of agent tasks (validator + ERC-8004 recording): the real `npm start` (embedded PGlite
 * and anvil) on a fresh data folder; agent tasks of several types are started one after another and
 * the whole process group is killed with `kill -9` while a task is in flight (running, validating or
 * recording), then restarted. Once every task has finished (the queue runs a dead process's job
 * again), it checks: exactly one validation request per task on chain (the agent's request list is
 * the tasks' requestHashes, no more), the on-chain response is the validator's score, the evidence
 * file at the task's responseURI hashes to the on-chain responseHash, and XP was awarded once, only
 * for scores of at least 50. Prints the counts; exit code 1 on any mismatch.
 *
 *   npm run test:crash:tasks      (PORT: CRASH_TASKS_PORT, default 6130; KEEP_DATA=1 keeps the folder)
 */
import { createPublicClient, http, keccak256, parseAbi } from 'viem';
import { root } from './build.mjs';
import { npmServer } from './lib/npm-server.mjs';
import { devLogin, jsonClient } from './lib/sign-in.mjs';
import { sleep } from './lib/wait.mjs';

const PORT = Number(process.env.CRASH_TASKS_PORT ?? 6130);
/** The tasks, in order; each one marked `kill` is killed in flight. */
const PLAN = [
  { taskType: 'code_project', prompt: 'a python script that prints the first ten prime numbers', kill: true },
  { taskType: 'deploy_website', prompt: 'a landing page for Neon Beans with a menu and contact section', kill: true },
  { taskType: 'code_project', prompt: 'a todo list in JavaScript', kill: false },
  { taskType: 'farcaster_post', prompt: 'a post about our coffee launch', kill: true },
  { taskType: 'code_project', prompt: 'a todo app called Glitch Tasks', kill: true },
];
const IN_FLIGHT = new Set(['running', 'validating', 'recording']);
const app = npmServer({ root, port: PORT, prefix: 'crash-tasks-' });
const BASE = app.base;
const started = Date.now();
const log = (msg) => console.log(`[crash-tasks +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

let cookie = '';
const api = jsonClient(BASE, () => cookie);
async function signIn() {
  cookie = await devLogin(BASE, 'Task Crasher', 'crash-tasks@test.local');
}

const tasksOf = async (avatarId) => (await api('GET', `/api/avatars/${avatarId}/tasks`)).json;

/** Waits until the task is in flight (or finished), polling its phase. @returns the phase seen */
async function inFlight(avatarId, id, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const t = (await tasksOf(avatarId)).find((x) => x.id === id);
    if (t && (IN_FLIGHT.has(t.phase) || t.status !== 'PENDING')) return `${t.status}/${t.phase}`;
    await sleep(100);
  }
  throw new Error(`task ${id} never started`);
}

/** Waits until no task of the avatar is PENDING (the queue re-runs a dead process's job). */
async function allFinished(avatarId, timeoutMs = 600_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const tasks = await tasksOf(avatarId);
    if (tasks.every((t) => t.status !== 'PENDING')) return tasks;
    await sleep(1000);
  }
  throw new Error('tasks did not finish');
}

async function main() {
  log(`data in ${app.dataDir}; server log ${app.logFile}`);
  await app.start();
  await signIn();
  const avatar = (await api('POST', '/api/avatars', { name: 'CRASH_TASKS', agentType: 'HACKER' })).json;
  log(`server up; avatar ${avatar.id}`);
  const kills = [];
  for (const step of PLAN) {
    const r = await api('POST', `/api/avatars/${avatar.id}/tasks`, { taskType: step.taskType, prompt: step.prompt });
    if (r.status !== 202) throw new Error(`start answered ${r.status}: ${JSON.stringify(r.json)}`);
    if (!step.kill) {
      await allFinished(avatar.id);
      continue;
    }
    const phase = await inFlight(avatar.id, r.json.id);
    await sleep(Math.floor(Math.random() * 1500));
    const now = (await tasksOf(avatar.id)).find((x) => x.id === r.json.id);
    await app.kill('SIGKILL');
    kills.push(`${step.taskType} killed at ${now?.status}/${now?.phase} (in flight from ${phase})`);
    log(`kill -9: ${kills.at(-1)}`);
    await app.start();
    await signIn();
  }
  const tasks = await allFinished(avatar.id);
  log(`all ${tasks.length} tasks finished: ${tasks.map((t) => `${t.taskType} ${t.status}`).join(', ')}`);

  const network = (await api('GET', '/api/blockchain/network')).json;
  const chain = createPublicClient({
    transport: http(`${BASE}/api/chain/rpc`, { fetchOptions: { headers: { origin: BASE, cookie } } }),
  });
  const validationAbi = parseAbi([
    'function getValidationStatus(bytes32 requestHash) view returns (address validatorAddress, uint256 agentId, uint8 response, bytes32 responseHash, string tag, uint256 lastUpdate)',
    'function getAgentValidations(uint256 agentId) view returns (bytes32[])',
  ]);
  const nftAbi = parseAbi(['function isExperienceAwarded(bytes32 requestHash) view returns (bool)']);
  const problems = [];
  const agentId = tasks.find((t) => t.verificationData?.agentId)?.verificationData.agentId;
  const requests = agentId
    ? await chain.readContract({
        address: network.contracts.validationRegistry,
        abi: validationAbi,
        functionName: 'getAgentValidations',
        args: [BigInt(agentId)],
      })
    : [];
  const hashes = tasks.map((t) => t.verificationData?.requestHash).filter(Boolean);
  if (requests.length !== tasks.length || new Set(requests).size !== requests.length) {
    problems.push(`${requests.length} validation requests on chain for ${tasks.length} tasks`);
  }
  let agree = 0;
  let xp = 0;
  for (const t of tasks) {
    const v = t.verificationData ?? {};
    if (!['CONFIRMED', 'FAILED_VALIDATION'].includes(t.status) || !t.validation) {
      problems.push(`task ${t.id} (${t.taskType}) ended ${t.status}: ${t.error ?? 'no validation report'}`);
      continue;
    }
    if (!requests.includes(v.requestHash)) {
      problems.push(`task ${t.id}: its requestHash ${v.requestHash} is not among the agent's requests`);
      continue;
    }
    const [, , response, responseHash] = await chain.readContract({
      address: network.contracts.validationRegistry,
      abi: validationAbi,
      functionName: 'getValidationStatus',
      args: [v.requestHash],
    });
    const evidence = new Uint8Array(await (await fetch(v.evidenceUrl)).arrayBuffer());
    const awarded = await chain.readContract({
      address: network.contracts.avatarNFT,
      abi: nftAbi,
      functionName: 'isExperienceAwarded',
      args: [v.requestHash],
    });
    if (Number(response) !== t.validation.score) {
      problems.push(`task ${t.id}: on-chain response ${response}, validator score ${t.validation.score}`);
    } else if (keccak256(evidence) !== responseHash) {
      problems.push(`task ${t.id}: the evidence at ${v.evidenceUrl} does not hash to ${responseHash}`);
    } else if (awarded !== t.validation.score >= 50) {
      problems.push(`task ${t.id}: XP awarded ${awarded} for score ${t.validation.score}`);
    } else agree++;
    xp += t.experienceEarned ?? 0;
  }
  const after = (await api('GET', `/api/avatars/${avatar.id}`)).json;
  if (after.experiencePoints !== xp) problems.push(`avatar XP ${after.experiencePoints}, tasks earned ${xp}`);

  console.log('\n=== crash test of agent tasks ===');
  for (const k of kills) console.log(`kill -9                     ${k}`);
  console.log(`tasks                       ${tasks.length}  (${hashes.length} with a requestHash)`);
  console.log(`validation requests         ${requests.length} on chain for the agent`);
  console.log(`score, evidence, XP agree   ${agree}`);
  console.log(`avatar XP                   ${after.experiencePoints} (tasks earned ${xp})`);
  console.log(`duration                    ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (problems.length) {
    console.log(`\n${problems.length} PROBLEM(S):\n- ${problems.join('\n- ')}`);
    return 1;
  }
  console.log('\nOK: one validation request per task; score, evidence and XP agree with the chain.');
  return 0;
}

process.exit(await app.finish(main));
