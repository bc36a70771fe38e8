import type { AvatarChatRequestInput, ChatStreamEventBody } from '@app/domain/chat';
import { throwIfResNotOk } from '@/lib/api';
import type { AvatarProgress } from '@/lib/get-avatars';

/** The `final` event of the stream, with the avatar's new level/XP our server adds. */
export type StreamedChatReply = Extract<ChatStreamEventBody, { type: 'final' }> & { avatar?: AvatarProgress };

/**
 * The stream failed. `receivedText` says whether any token had arrived: before the first token
 * the dashboard can still ask the non-streaming endpoint instead.
 */
export class ChatStreamError extends Error {
  override readonly name = 'ChatStreamError';
  constructor(
    message: string,
    readonly receivedText: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * BEYOND (streamed replies): POST /api/avatar/chat/stream — server-sent events `{type:'delta', text}` …
 * then one `{type:'final', …}` or `{type:'error', error}`. Calls `onDelta` with each piece of
 * text as it arrives and resolves with the final event.
 * @throws ChatStreamError (with `receivedText`) on any failure, including a non-OK response
 */
export async function streamAvatarChat(
  body: AvatarChatRequestInput,
  { onDelta, signal }: { onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<StreamedChatReply> {
  let receivedText = false;
  try {
    const res = await fetch('/api/avatar/chat/stream', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
    await throwIfResNotOk(res);
    if (!res.body) throw new Error('The response has no body to stream');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += value;
      // Events are separated by a blank line; each carries one `data:` line of JSON.
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as ChatStreamEventBody & { avatar?: AvatarProgress };
        if (event.type === 'delta') {
          receivedText = true;
          onDelta(event.text);
        } else if (event.type === 'final') {
          await reader.cancel().catch(() => {});
          return event;
        } else {
          throw new Error(event.error);
        }
      }
      if (done) throw new Error('The stream ended without a reply');
    }
  } catch (err) {
    if (err instanceof ChatStreamError) throw err;
    throw new ChatStreamError(err instanceof Error ? err.message : String(err), receivedText, { cause: err });
  }
}
