/**
 * The worker thread of the isolated persona engine (persona-isolated.ts). It loads the offline
 * engine and its intent classifier once (from the cache `dist/nlu-cache.js` wrote at build time, or
 * trained), answers one warm-up message, says `ready`, then answers the requests it is sent, one at
 * a time: the reply, and its word chunks for streaming (so the main thread never loads the engine
 * to split them).
 *
 * Bundled as its own entry (`dist/persona-worker.js`, scripts/build.mjs); run from the sources
 * with tsx (see persona-isolated.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getIntentClassifier } from './persona/intent-classifier';
import { composePersonaReply, wordChunks } from './persona/persona-provider';
import type { PersonaWorkerData, PersonaWorkerMessage, PersonaWorkerRequest } from './persona-isolated';
import type { ChatRequest } from './types';

const port = parentPort;
if (!port) throw new Error('persona-worker.ts runs as a worker thread (persona-isolated.ts starts it)');
const data = (workerData ?? {}) as PersonaWorkerData;
const post = (message: PersonaWorkerMessage) => port.postMessage(message);

const WARM_UP: ChatRequest = {
  avatar: {
    id: 0,
    name: 'Warm-up',
    agentType: 'CREATOR',
    description: null,
    personalityTraits: [],
    skills: [],
    level: 1,
    experiencePoints: 0,
  },
  message: "hi, I'm Sam and I bake bread in Leeds. could you make me a website?",
  history: [],
};

// The test hook of persona-isolated.ts (`engineUrl`): a stand-in that wraps the engine's compose.
const compose: typeof composePersonaReply = data.engineUrl
  ? ((await import(data.engineUrl)) as { composePersonaReply: typeof composePersonaReply }).composePersonaReply
  : composePersonaReply;

// One message before `ready` loads the rest of what a reply needs (the language model, ~1 s), so
// the first user's message is not the one that pays for it within its deadline.
await getIntentClassifier();
await compose(WARM_UP);

port.on('message', async ({ id, request }: PersonaWorkerRequest) => {
  try {
    const reply = await compose(request);
    post({ type: 'reply', id, reply, chunks: wordChunks(reply.response) });
  } catch (error) {
    // An Error is copied whole (name, message, stack) for the server's log; anything else as text.
    post({ type: 'failed', id, error: error instanceof Error ? error : new Error(String(error)) });
  }
});
post({ type: 'ready' });
