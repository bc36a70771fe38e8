/**
 * Checks of uploaded voice recordings: audio is checked by size and by its container's
 * magic bytes; wrong input is 400/413. The declared MIME type and file name are never trusted.
 *
 * Containers accepted are those browsers' MediaRecorder produce (SPEC §9: webm/opus, webm, mp4,
 * wav) plus the common upload formats speech-to-text APIs take (ogg, mpeg, flac).
 */
import { fileTypeFromBuffer } from 'file-type';

/** Audio containers the server accepts. */
export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mpeg' | 'flac';

/** Default upload limit for a recording: 10 MB (10 × 1024 × 1024 bytes). Callers pass their configured value. */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/** Canonical MIME type and file extension per container (for forwarding to speech-to-text APIs). */
export const AUDIO_CONTAINERS = {
  webm: { contentType: 'audio/webm', extension: 'webm' },
  ogg: { contentType: 'audio/ogg', extension: 'ogg' },
  mp4: { contentType: 'audio/mp4', extension: 'm4a' },
  wav: { contentType: 'audio/wav', extension: 'wav' },
  mpeg: { contentType: 'audio/mpeg', extension: 'mp3' },
  flac: { contentType: 'audio/flac', extension: 'flac' },
} as const satisfies Record<AudioContainer, { contentType: string; extension: string }>;

/** file-type extensions → our containers. Video-only and other audio formats are left out. */
const FILE_TYPE_EXT: Record<string, AudioContainer> = {
  webm: 'webm',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  mp4: 'mp4',
  m4a: 'mp4',
  wav: 'wav',
  mp3: 'mpeg',
  mp2: 'mpeg',
  flac: 'flac',
};

const ascii = (buf: Uint8Array, start: number, end: number) =>
  Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1', start, end);

/**
 * Hand checks for the two containers browsers record most, done before file-type:
 * RIFF/WAVE, and EBML whose DocType is 'webm' (a Matroska file with another DocType is not webm).
 */
function sniffByHand(buf: Uint8Array): AudioContainer | null {
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'wav';
  if (buf.length >= 4 && buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) {
    // DocType element (ID 0x4282) sits in the EBML header, within the first few dozen bytes.
    const head = Buffer.from(buf.buffer, buf.byteOffset, Math.min(buf.length, 64));
    const at = head.indexOf(Buffer.from([0x42, 0x82]));
    if (at >= 0 && head.subarray(at + 3, at + 7).toString('latin1') === 'webm') return 'webm';
  }
  return null;
}

/**
 * Identifies an audio container by its magic bytes.
 * @param buf the uploaded bytes
 * @returns the container, or null when the bytes are not one of {@link AudioContainer}
 */
export async function sniffAudio(buf: Uint8Array): Promise<{ container: AudioContainer } | null> {
  const byHand = sniffByHand(buf);
  if (byHand) return { container: byHand };
  const type = await fileTypeFromBuffer(buf);
  const container = type ? FILE_TYPE_EXT[type.ext] : undefined;
  return container ? { container } : null;
}

/** A recording was refused. 400 (empty, unsupported) or 413 (too large). */
export class AudioRejectedError extends Error {
  override readonly name = 'AudioRejectedError';
  readonly statusCode: 400 | 413;
  readonly status: 400 | 413;
  readonly expose = true;
  constructor(
    readonly code: 'AUDIO_EMPTY' | 'AUDIO_TOO_SHORT' | 'AUDIO_TOO_LARGE' | 'AUDIO_UNSUPPORTED',
    message: string,
  ) {
    super(message);
    this.statusCode = code === 'AUDIO_TOO_LARGE' ? 413 : 400;
    this.status = this.statusCode;
  }
}

/** A recording that passed {@link checkAudio}. */
export interface CheckedAudio {
  container: AudioContainer;
  /** Canonical MIME type of the container, e.g. 'audio/webm'. */
  contentType: string;
  /** File name extension without the dot, e.g. 'webm'. */
  extension: string;
}

/**
 * Checks an uploaded recording: size first, then container.
 * @param buf the uploaded bytes
 * @param opts.maxBytes upper limit in bytes (default {@link MAX_AUDIO_BYTES})
 * @param opts.minBytes lower limit in bytes (default 1; SPEC §9's 1,000-byte minimum is a client rule)
 * @throws {AudioRejectedError} 'AUDIO_EMPTY' / 'AUDIO_TOO_SHORT' (400), 'AUDIO_TOO_LARGE' (413),
 *   'AUDIO_UNSUPPORTED' (400) when the bytes are not webm, ogg, mp4, wav, mpeg or flac
 */
export async function checkAudio(
  buf: Uint8Array,
  opts: { maxBytes?: number; minBytes?: number } = {},
): Promise<CheckedAudio> {
  const maxBytes = opts.maxBytes ?? MAX_AUDIO_BYTES;
  const minBytes = opts.minBytes ?? 1;
  if (buf.length === 0) throw new AudioRejectedError('AUDIO_EMPTY', 'No audio data received');
  if (buf.length < minBytes) {
    throw new AudioRejectedError(
      'AUDIO_TOO_SHORT',
      `Recording too short: ${buf.length} bytes, at least ${minBytes} needed`,
    );
  }
  if (buf.length > maxBytes) {
    throw new AudioRejectedError('AUDIO_TOO_LARGE', `Recording too large: limit is ${formatBytes(maxBytes)}`);
  }
  const sniffed = await sniffAudio(buf);
  if (!sniffed) {
    throw new AudioRejectedError('AUDIO_UNSUPPORTED', 'Unsupported audio: send webm, ogg, mp4, wav, mp3 or flac');
  }
  return { container: sniffed.container, ...AUDIO_CONTAINERS[sniffed.container] };
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
