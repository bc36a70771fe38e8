/**
 * Text-to-speech through the AI SDK's `experimental_generateSpeech`, shared by the OpenAI and
 * ElevenLabs providers: mp3 out, and any failure reported as a {@link SpeechProviderError} naming
 * the provider and the upstream status only (an abort rethrows the signal's reason).
 */
import { experimental_generateSpeech as generateSpeech } from 'ai';
import { describeRemoteFailure } from './remote-error';
import { SpeechProviderError, type TtsResult } from './types';

/**
 * The error to throw for a failed remote speech call: the signal's reason when it was aborted,
 * else a SpeechProviderError saying what failed (`what`, e.g. 'text-to-speech') and why.
 */
export function speechFailure(provider: string, what: string, error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  const failure = describeRemoteFailure(error);
  return new SpeechProviderError(provider, `${what} failed (${failure.detail})`, {
    cause: error,
    upstreamStatus: failure.upstreamStatus,
  });
}

/**
 * Speaks `text` with `voice` on the provider's speech `model` and returns mp3 (or wav when the model
 * answers wav). `instructions` steer models that follow a speaking style.
 * @throws SpeechProviderError the API failed (502); the signal's reason when aborted
 */
export async function synthesizeWithAiSdk(
  provider: string,
  call: {
    model: Parameters<typeof generateSpeech>[0]['model'];
    text: string;
    voice: string;
    instructions?: string;
    signal?: AbortSignal;
    maxRetries: number;
  },
): Promise<TtsResult> {
  try {
    const { audio } = await generateSpeech({
      model: call.model,
      text: call.text,
      voice: call.voice,
      outputFormat: 'mp3',
      ...(call.instructions === undefined ? {} : { instructions: call.instructions }),
      abortSignal: call.signal,
      maxRetries: call.maxRetries,
    });
    return {
      audio: Buffer.from(audio.uint8Array),
      contentType: audio.mediaType === 'audio/wav' ? 'audio/wav' : 'audio/mpeg',
    };
  } catch (error) {
    throw speechFailure(provider, 'text-to-speech', error, call.signal);
  }
}
