/**
 * farcaster_post: a cast about the request's topic — drafted by the configured model (agent loop:
 * its `finish` summary is the cast), or by the embedded writer offline — published through Neynar when Farcaster is connected, else kept as a
 * draft the user can edit, copy or open in a Farcaster client.
 */
import type { AgentType } from '@app/domain/avatar';
import { FARCASTER_DRAFT_REASON } from '@app/domain/tasks';
import { PERSONA_ENGINE_NAME } from '../../../providers/ai/index';
import { castTopic, composeCast, farcasterComposeUrl } from '../generators/cast-generator';
import type { Outcome, TaskContext, TaskWork } from '../task-types';
import { EMBEDDED_PRODUCER } from './publish';

/** SPEC: a cast is at most 320 characters. */
export const CAST_MAX_CHARS = 320;

export async function farcasterPost(ctx: TaskContext): Promise<Outcome> {
  const { deps, avatar } = ctx;
  const topic = castTopic(ctx.prompt) || avatar.name;
  let draft: string;
  let byModel: TaskWork | null = null;
  if (deps.model) {
    const agent = await import('../agent/task-agent');
    const made = await agent.runTaskAgent(ctx, topic);
    draft = made.summary;
    byModel = { producer: agent.modelProducer(ctx), summary: made.summary };
  } else if (deps.chat.name === PERSONA_ENGINE_NAME) {
    // Offline: the cast is written from the request's topic, not a chat reply about it.
    draft = composeCast(avatar.agentType as AgentType, avatar.name, topic);
  } else {
    const reply = await deps.chat.reply({
      avatar: {
        id: avatar.id,
        name: avatar.name,
        agentType: avatar.agentType as AgentType,
        description: avatar.description,
        personalityTraits: avatar.personalityTraits,
        skills: [],
        level: avatar.level,
        experiencePoints: avatar.experiencePoints,
      },
      message: `Write only the text of a short Farcaster cast (under 300 characters) about: ${topic}`,
      history: [],
    });
    draft = reply.response;
  }
  draft = draft.replace(/\s+/g, ' ').trim().slice(0, CAST_MAX_CHARS);
  // without a model the cast is the embedded writer's (or, with a chat model only, that model's reply)
  const work = (castHash: string | null): TaskWork => ({
    ...(byModel ?? { producer: EMBEDDED_PRODUCER }),
    cast: { text: draft, topic, castHash },
  });
  const fc = deps.farcaster;
  if (!fc) {
    // A draft is a finished result the user can edit, copy or open in a Farcaster client.
    return {
      confirm: true,
      verificationData: {
        draft,
        topic,
        platform: 'farcaster',
        published: false,
        composeUrl: farcasterComposeUrl(draft),
        note: FARCASTER_DRAFT_REASON,
      },
      work: work(null),
    };
  }
  const res = await fetch(new URL('/v2/farcaster/cast', fc.apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': fc.apiKey },
    body: JSON.stringify({ signer_uuid: fc.signerUuid, text: draft }),
    signal: AbortSignal.timeout(20_000),
  });
  if (!res.ok) throw new Error(`Farcaster publish failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const body = (await res.json()) as { cast?: { hash?: string } };
  const castHash = body.cast?.hash ?? null;
  return {
    confirm: true,
    verificationData: { draft, topic, platform: 'farcaster', published: true, castHash },
    // published without a hash: the validator's hash check fails rather than calling it a draft
    work: work(castHash ?? ''),
  };
}
