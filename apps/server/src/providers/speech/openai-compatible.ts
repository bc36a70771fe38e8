/**
 * Speech-to-text against any server that speaks OpenAI's `POST /audio/transcriptions`
 * (self-hosted Whisper: faster-whisper-server / speaches, whisper.cpp server, LocalAI, vLLM...).
 * Selected by `STT_PROVIDER=openai-compatible` with `STT_BASE_URL` (see index.ts).
 *
 * A plain multipart `fetch` rather than the AI SDK's OpenAI provider: self-hosted servers vary
 * in which optional fields they accept, so only `file`, `model`, `language` and
 * `response_format=json` are sent.
 */
import { describeRemoteFailure, HttpStatusError } from './remote-error';
import { SpeechProviderError, type SttProvider, type TranscribeOptions } from './types';

/** Model sent when `STT_MODEL` is unset; most self-hosted servers accept or ignore it. */
export const OPENAI_COMPATIBLE_DEFAULT_STT_MODEL = 'whisper-1';

/** Settings of {@link OpenAiCompatibleSttProvider}. */
export interface OpenAiCompatibleSttSettings {
  /** API root including the version segment, e.g. 'http://localhost:8000/v1'. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string;
  /** Default {@link OPENAI_COMPATIBLE_DEFAULT_STT_MODEL}. */
  model?: string;
  /** Whole-request timeout in ms (default 60,000). */
  timeoutMs?: number;
  /** Custom fetch (tests). */
  fetch?: typeof globalThis.fetch;
}

/** {@link SttProvider} for OpenAI-compatible transcription endpoints. Name 'openai-compatible'. */
export class OpenAiCompatibleSttProvider implements SttProvider {
  readonly name = 'openai-compatible';
  private readonly url: string;

  constructor(private readonly settings: OpenAiCompatibleSttSettings) {
    this.url = `${settings.baseURL.replace(/\/+$/, '')}/audio/transcriptions`;
  }

  /**
   * Uploads `audio` as multipart field `file` named `opts.filename` with type `opts.contentType`.
   * @returns `{ text }` (trimmed; '' when nothing was said)
   * @throws {SpeechProviderError} non-2xx, network failure, timeout, or a body without `text` (502)
   * @throws the signal's reason when `opts.signal` aborts
   */
  async transcribe(audio: Buffer, opts: TranscribeOptions): Promise<{ text: string }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: opts.contentType }), opts.filename);
    form.append('model', this.settings.model ?? OPENAI_COMPATIBLE_DEFAULT_STT_MODEL);
    form.append('response_format', 'json');
    if (opts.language) form.append('language', opts.language);

    const timeout = AbortSignal.timeout(this.settings.timeoutMs ?? 60_000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const doFetch = this.settings.fetch ?? fetch;
    let body: unknown;
    try {
      const res = await doFetch(this.url, {
        method: 'POST',
        body: form,
        headers: this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {},
        signal,
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw new HttpStatusError(res.status, this.url);
      }
      body = await res.json();
    } catch (error) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (timeout.aborted) throw new SpeechProviderError(this.name, 'speech-to-text timed out', { cause: error });
      const failure = describeRemoteFailure(error);
      throw new SpeechProviderError(this.name, `speech-to-text failed (${failure.detail})`, {
        cause: error,
        upstreamStatus: failure.upstreamStatus,
      });
    }
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') {
      throw new SpeechProviderError(this.name, 'speech-to-text failed (response has no text)');
    }
    return { text: text.trim() };
  }
}
