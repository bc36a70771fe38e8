/**
 * Voice endpoints (SPEC §7):
 *
 * | route                               | body                                             | answer |
 * |-------------------------------------|--------------------------------------------------|--------|
 * | GET  /api/voice/status              | –                                                | `{configured, tts, stt}` |
 * | POST /api/voice/text-to-speech      | `{text, voiceId?, avatarName}`                   | audio (`audio/wav` or `audio/mpeg`) |
 * | POST /api/avatar/speech             | `{text, avatarId, voice}`                        | audio |
 * | POST /api/voice/realtime            | multipart `audio`, `avatarName`, `personality`, `avatarId?` | audio of the reply; headers X-Transcript, X-Reply-Text (URL-encoded), X-Avatar-Progress |
 * | POST /api/avatar/speech-to-text     | multipart `audio`                                | `{text}` |
 *
 * Text to speak is 1..MAX_SPEECH_TEXT_CHARS characters (400 otherwise). Recordings are refused by
 * size (MAX_AUDIO_BYTES, 413) and by magic bytes (400). Without a speech-to-text provider the two
 * voice-input routes answer 503 `{error}` saying what voice input needs. All routes need a signed-in
 * user with access and are rate-limited per client. POST /api/attachments/text (the panel's file
 * picker, BEYOND) is registered here too: see attachment-routes.ts.
 */
import type { AgentType } from '@app/domain/avatar';
import {
  AvatarSpeechRequestSchema,
  REALTIME_HEADERS,
  RealtimeVoiceFieldsSchema,
  SpeechToTextResponseSchema,
  TextToSpeechRequestSchema,
  VoiceStatusSchema,
} from '@app/domain/voice';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, file } from '../../lib/api-responses';
import { HttpError } from '../../lib/http-error';
import { SpeechNotConfiguredError, type TtsResult } from '../../providers/speech/types';
import { loadOwnedAvatar } from '../avatars/avatars-service';
import attachmentRoutes from './attachment-routes';
import { readAudioUpload } from './audio-upload';
import {
  findOwnedAvatarByName,
  realtimeExchange,
  resolveVoiceAvatar,
  speak,
  transcribe,
  type VoiceDeps,
} from './voice-service';

export interface VoiceRoutesOptions extends VoiceDeps {
  /** Largest accepted recording, bytes (config MAX_AUDIO_BYTES). */
  maxAudioBytes: number;
}

/** Requests per minute per client: synthesis is cheap (embedded) or paid (remote), so moderate. */
const TTS_PER_MIN = 30;
/** Voice input costs a transcription, a chat reply and a synthesis: lower. */
const VOICE_INPUT_PER_MIN = 20;

/** An AbortSignal that fires when the client goes away before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}

/** Sends synthesised audio as the response body (never cached: it is per request). */
/** A synthesised reply as the document declares it (WAV from the embedded engine, MP3 from APIs). */
const SPEECH = file(['audio/wav', 'audio/mpeg'], 'The spoken text (x-audio-duration-ms: its length).');

function sendAudio(reply: FastifyReply, audio: TtsResult) {
  reply.header('content-type', audio.contentType);
  reply.header('cache-control', 'no-store');
  if (audio.durationMs !== undefined) reply.header('x-audio-duration-ms', String(Math.round(audio.durationMs)));
  return reply.send(audio.audio);
}

export default async function voiceRoutes(app: FastifyInstance, opts: VoiceRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { speech, db } = opts;
  // The voice panel's file picker (BEYOND): documents read as text for the avatar.
  await app.register(attachmentRoutes);

  r.get(
    '/api/voice/status',
    { onRequest: app.requireAccess, schema: { response: { 200: VoiceStatusSchema } } },
    async () => speech.status(),
  );

  r.post(
    '/api/voice/text-to-speech',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: TTS_PER_MIN, timeWindow: '1 minute' } },
      schema: { body: TextToSpeechRequestSchema, response: { 200: SPEECH } },
    },
    async (req, reply) => {
      // The voice of the user's avatar of that name; an unknown name speaks with the default voice.
      const avatar = await findOwnedAvatarByName(db, req.user.id, req.body.avatarName);
      const audio = await speak(speech, {
        text: req.body.text,
        voice: req.body.voiceId,
        agentType: avatar?.agentType as AgentType | undefined,
        signal: abortOnDisconnect(reply),
      });
      return sendAudio(reply, audio);
    },
  );

  r.post(
    '/api/avatar/speech',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: TTS_PER_MIN, timeWindow: '1 minute' } },
      schema: { body: AvatarSpeechRequestSchema, response: { 200: SPEECH } },
    },
    async (req, reply) => {
      const avatar = await loadOwnedAvatar(db, req.body.avatarId, req.user.id);
      const audio = await speak(speech, {
        text: req.body.text,
        voice: req.body.voice,
        agentType: avatar.agentType as AgentType,
        signal: abortOnDisconnect(reply),
      });
      return sendAudio(reply, audio);
    },
  );

  r.post(
    '/api/voice/realtime',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: VOICE_INPUT_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        response: {
          200: file(
            ['audio/wav', 'audio/mpeg'],
            `The avatar's spoken reply. Headers (URI-encoded): ${REALTIME_HEADERS.transcript} (what was heard), ${REALTIME_HEADERS.replyText} (the reply), ${REALTIME_HEADERS.avatarProgress} (JSON level/XP); x-audio-duration-ms.`,
          ),
          422: errorResponse(422),
        },
      },
    },
    async (req, reply) => {
      const signal = abortOnDisconnect(reply);
      // Input first: bad input is 4xx whether or not a provider is configured; 503 only for a
      // valid recording nobody can transcribe.
      const { audio, fields } = await readAudioUpload(req, { fileField: 'audio', maxBytes: opts.maxAudioBytes });
      const parsed = RealtimeVoiceFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new HttpError(400, 'Invalid avatarId or avatarName');
      if (!speech.stt) throw new SpeechNotConfiguredError();
      // SPEC §7 sends `personality` (the avatar description); the stored avatar is the truth.
      const avatar = await resolveVoiceAvatar(db, req.user.id, parsed.data);
      const out = await realtimeExchange(opts, { userId: req.user.id, avatar, audio, signal });
      reply.header(REALTIME_HEADERS.transcript, encodeURIComponent(out.transcript));
      reply.header(REALTIME_HEADERS.replyText, encodeURIComponent(out.chat.response));
      reply.header(REALTIME_HEADERS.avatarProgress, encodeURIComponent(JSON.stringify(out.chat.avatar)));
      return sendAudio(reply, out.speech);
    },
  );

  r.post(
    '/api/avatar/speech-to-text',
    {
      onRequest: app.requireAccess,
      config: { rateLimit: { max: VOICE_INPUT_PER_MIN, timeWindow: '1 minute' } },
      schema: { response: { 200: SpeechToTextResponseSchema, 422: errorResponse(422) } },
    },
    async (req, reply) => {
      const signal = abortOnDisconnect(reply);
      const { audio } = await readAudioUpload(req, { fileField: 'audio', maxBytes: opts.maxAudioBytes });
      if (!speech.stt) throw new SpeechNotConfiguredError(); // only for valid input
      return { text: await transcribe(speech, audio, signal) };
    },
  );
}
