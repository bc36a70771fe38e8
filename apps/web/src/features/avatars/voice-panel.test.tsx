import type { Avatar } from '@app/domain/avatar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAudioPlayer } from '@/lib/voice/use-audio-player';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { useAvatarConversation } from './use-avatar-conversation';
import { VoicePanel } from './voice-panel';

/**
 * The dashboard voice panel (SPEC §4, §5, §8) with its real hooks over a mocked network,
 * and a scripted microphone: MediaRecorder and getUserMedia are stubs whose recording size, chunks
 * and errors each test chooses.
 */

const avatar = { id: 7, name: 'Neon Muse', agentType: 'CREATOR', description: 'Paints the grid.' } as Pick<
  Avatar,
  'id' | 'name' | 'agentType' | 'description'
> as Avatar;

function Harness() {
  const conversation = useAvatarConversation(avatar);
  const player = useAudioPlayer();
  return (
    <VoicePanel
      avatar={avatar}
      conversation={conversation}
      player={player}
      renderTranscript={() => (
        <ul aria-label="transcript">
          {conversation.messages.map((m) => (
            <li key={m.id}>
              {m.type}: {m.text}
            </li>
          ))}
        </ul>
      )}
    />
  );
}

/** What the fake recorder delivers on stop: chunk sizes in bytes ([] = no chunks). */
let chunkSizes: number[] = [5000];
const recorders: { mimeType: string }[] = [];

class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly mimeType: string;
  constructor(_stream: MediaStream, opts: { mimeType: string }) {
    this.mimeType = opts.mimeType;
    recorders.push({ mimeType: opts.mimeType });
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    for (const size of chunkSizes)
      this.ondataavailable?.({ data: new Blob([new Uint8Array(size)], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const getUserMedia = vi.fn();
const play = vi.fn(() => Promise.resolve());

beforeEach(() => {
  chunkSizes = [5000];
  recorders.length = 0;
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  HTMLMediaElement.prototype.play = play;
  HTMLMediaElement.prototype.pause = vi.fn();
  HTMLMediaElement.prototype.load = vi.fn();
  URL.createObjectURL = vi.fn(() => `blob:reply-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
  play.mockClear();
  server.use(
    http.get('*/api/voice/status', () => HttpResponse.json({ configured: true, tts: 'espeak-ng', stt: 'openai' })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
});

const mic = () => screen.getByRole('button', { name: /HOLD TO SPEAK/ });
const status = () => within(screen.getByRole('region', { name: 'Voice chat' })).getAllByRole('status')[0]!;

async function holdAndRelease() {
  await waitFor(() => expect(mic()).toBeEnabled());
  fireEvent.pointerDown(mic(), { pointerType: 'mouse', button: 0 });
  await waitFor(() => expect(status()).toHaveTextContent('RECORDING...'));
  fireEvent.pointerUp(screen.getByRole('button', { name: /RELEASE TO SEND/ }));
}

describe('VoicePanel hold-to-speak with MediaRecorder', () => {
  it('records with the SPEC §9 constraints and format, sends to /api/voice/realtime, shows transcript and reply, plays it', async () => {
    let fields: Record<string, string> = {};
    let audioType = '';
    server.use(
      http.post('*/api/voice/realtime', async ({ request }) => {
        const form = await request.formData();
        fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
        audioType = (form.get('audio') as File).type;
        await new Promise((r) => setTimeout(r, 50));
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), {
          headers: {
            'content-type': 'audio/wav',
            'x-transcript': encodeURIComponent('Hello avatar, what can you do? ✓'),
            'x-reply-text': encodeURIComponent('I paint, I mint, I post.'),
          },
        });
      }),
    );
    renderWithProviders(<Harness />);
    expect(status()).toHaveTextContent('VOICE READY');
    await holdAndRelease();
    await waitFor(() => expect(status()).toHaveTextContent('PROCESSING...'));
    const transcript = screen.getByRole('list', { name: 'transcript' });
    await waitFor(() => expect(transcript).toHaveTextContent('user: Hello avatar, what can you do? ✓'));
    expect(transcript).toHaveTextContent('ai: I paint, I mint, I post.');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, sampleRate: 44_100 },
    });
    expect(recorders).toEqual([{ mimeType: 'audio/webm' }]); // first supported of webm/opus, webm, mp4, wav
    expect(fields).toEqual({ avatarName: 'Neon Muse', personality: 'Paints the grid.', avatarId: '7' });
    expect(audioType).toBe('audio/webm');
    await waitFor(() => expect(play).toHaveBeenCalled()); // voice replies are on by default
  });

  it.each([
    [[500], 'Voice Processing Failed', 'Recording too short - please speak for at least 1 second'],
    [[0], 'Voice Processing Failed', 'No audio data recorded - try holding the button longer'],
    [[], 'No Audio Recorded', 'Please hold the button longer and speak clearly.'],
  ])('refuses a recording of chunks %j: %s / %s (SPEC §5)', async (sizes, title, text) => {
    chunkSizes = sizes;
    const sent = vi.fn();
    server.use(http.post('*/api/voice/realtime', () => sent()));
    renderWithProviders(<Harness />);
    await holdAndRelease();
    expect(await screen.findAllByText(title)).not.toHaveLength(0);
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(sent).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent('VOICE READY');
  });

  it.each([
    [
      'NotAllowedError',
      'Microphone Access Denied',
      'Please enable microphone access in your browser settings. On mobile, you may need to refresh the page after granting permission.',
    ],
    ['NotFoundError', 'Microphone Access Denied', 'No microphone found. Please connect a microphone and try again.'],
    [
      'NotReadableError',
      'Microphone Access Denied',
      'Microphone is being used by another application. Please close other apps using the microphone.',
    ],
    [
      'OverconstrainedError',
      'Microphone Access Denied',
      'Microphone settings not supported by your device. Try using a different device.',
    ],
    ['AbortError', 'Recording Failed', 'Could not access microphone.'],
  ])('getUserMedia %s → %s (SPEC §8)', async (name, title, text) => {
    getUserMedia.mockRejectedValue(new DOMException('no', name));
    renderWithProviders(<Harness />);
    await waitFor(() => expect(mic()).toBeEnabled());
    fireEvent.pointerDown(mic(), { pointerType: 'mouse', button: 0 });
    expect(await screen.findAllByText(title)).not.toHaveLength(0);
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(status()).toHaveTextContent('VOICE READY');
  });

  it('shows the server’s reason when voice processing fails (503: no speech-to-text provider)', async () => {
    server.use(
      http.post('*/api/voice/realtime', () =>
        HttpResponse.json({ error: 'Speech-to-text is not configured on this server.' }, { status: 503 }),
      ),
    );
    renderWithProviders(<Harness />);
    await holdAndRelease();
    expect(await screen.findAllByText('Voice Processing Failed')).not.toHaveLength(0);
    expect(screen.getAllByText('Speech-to-text is not configured on this server.').length).toBeGreaterThan(0);
  });

  it('says voice input is unavailable when neither recognition nor server transcription exists', async () => {
    server.use(
      http.get('*/api/voice/status', () => HttpResponse.json({ configured: true, tts: 'espeak-ng', stt: null })),
    );
    renderWithProviders(<Harness />);
    expect(
      await screen.findByText(
        'Voice input needs a browser with speech recognition or a speech-to-text provider on the server.',
      ),
    ).toBeInTheDocument();
    expect(mic()).toBeDisabled();
  });
});

describe('VoicePanel with browser speech recognition', () => {
  /** A scripted recognition: `next` says what the coming session reports. */
  let next: { transcript?: string; error?: string } = {};
  const sessions: { lang: string; interimResults: boolean; maxAlternatives: number }[] = [];
  class FakeRecognition {
    lang = '';
    interimResults = true;
    maxAlternatives = 5;
    continuous = true;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      sessions.push({ lang: this.lang, interimResults: this.interimResults, maxAlternatives: this.maxAlternatives });
    }
    stop() {
      if (next.error) this.onerror?.({ error: next.error });
      else this.onresult?.({ results: [[{ transcript: next.transcript ?? '' }]] });
      this.onend?.();
    }
    abort() {}
  }

  beforeEach(() => {
    sessions.length = 0;
    (window as unknown as Record<string, unknown>).webkitSpeechRecognition = FakeRecognition;
  });

  it('takes precedence (en-US, one result) and sends its text as a chat message', async () => {
    let sentBody: { message?: string } = {};
    server.use(
      http.post('*/api/avatar/chat/stream', async ({ request }) => {
        sentBody = (await request.json()) as { message: string };
        const final = { type: 'final', response: 'Here is what I do.', images: [], actions: [], taskSuggestion: null };
        return new HttpResponse(
          `data: ${JSON.stringify({ type: 'delta', text: 'Here is what I do.' })}\n\ndata: ${JSON.stringify(final)}\n\n`,
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        );
      }),
      http.post(
        '*/api/voice/text-to-speech',
        () => new HttpResponse(new Uint8Array([1]), { headers: { 'content-type': 'audio/wav' } }),
      ),
    );
    next = { transcript: '  what can you do  ' };
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Heard by your browser’s speech recognition.')).toBeInTheDocument();
    await holdAndRelease();
    const transcript = screen.getByRole('list', { name: 'transcript' });
    await waitFor(() => expect(transcript).toHaveTextContent('ai: Here is what I do.'));
    expect(transcript).toHaveTextContent('user: what can you do');
    expect(sentBody.message).toBe('what can you do');
    expect(sessions).toEqual([{ lang: 'en-US', interimResults: false, maxAlternatives: 1 }]);
    expect(recorders).toHaveLength(0);
  });

  it('a speech chat failure adds the SPEC §8 ai message; an offline recognition falls back to recording', async () => {
    server.use(
      http.post('*/api/avatar/chat/stream', () => HttpResponse.json({ error: 'down' }, { status: 500 })),
      http.post('*/api/avatar/enhanced-chat', () => HttpResponse.json({ error: 'down' }, { status: 500 })),
    );
    next = { transcript: 'hello' };
    renderWithProviders(<Harness />);
    await holdAndRelease();
    const transcript = screen.getByRole('list', { name: 'transcript' });
    await waitFor(() => expect(transcript).toHaveTextContent('ai: Processing error. Please try again.'));

    next = { error: 'network' };
    await holdAndRelease();
    expect(await screen.findAllByText('Speech Recognition Failed')).not.toHaveLength(0);
    expect(screen.getAllByText('Please try again or use text input.').length).toBeGreaterThan(0);
    // The next hold records instead (recognition is unusable here).
    chunkSizes = [500];
    await holdAndRelease();
    await waitFor(() => expect(recorders).toHaveLength(1));
  });
});

describe('voice replies', () => {
  it('are off, with the Voice Features Limited toast, when the status check fails (SPEC §8)', async () => {
    server.use(http.get('*/api/voice/status', () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderWithProviders(<Harness />);
    expect(await screen.findAllByText('Voice Features Limited')).not.toHaveLength(0);
    expect(screen.getAllByText('Voice synthesis not available. Using text-only mode.').length).toBeGreaterThan(0);
    const toggle = screen.getByRole('button', { name: 'VOICE_REPLIES' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toBeDisabled();
  });
});
