/**
 * RIFF/WAVE helpers for 16-bit PCM, plus a small fundamental-frequency (F0) estimator used to
 * check that the agent voices really differ in pitch (tests, bench).
 */

const HEADER_BYTES = 44;

/** Decoded 16-bit PCM audio. */
export interface PcmAudio {
  /** Samples per second (Hz). */
  sampleRate: number;
  /** Interleaved channel count (1 = mono). */
  channels: number;
  /** Interleaved signed 16-bit samples. */
  samples: Int16Array;
}

/**
 * Encodes 16-bit PCM as a canonical 44-byte-header RIFF/WAVE file.
 * @param samples interleaved signed 16-bit samples
 * @param sampleRate samples per second per channel (Hz)
 * @param channels channel count, default 1 (mono)
 * @returns the WAV file bytes (44 + 2 × samples.length)
 */
export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(HEADER_BYTES + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * channels * 2, 28); // byte rate
  buf.writeUInt16LE(channels * 2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  // Copy byte-wise so the result is little-endian regardless of the host (all Node hosts are LE).
  Buffer.from(samples.buffer, samples.byteOffset, dataBytes).copy(buf, HEADER_BYTES);
  return buf;
}

/**
 * Decodes a 16-bit PCM RIFF/WAVE file, walking the chunk list (extra chunks such as LIST are
 * skipped).
 * @throws {Error} not RIFF/WAVE, not 16-bit PCM, or truncated
 */
export function decodeWav(wav: Uint8Array): PcmAudio {
  const buf = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      fmt = {
        format: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bits: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data chunk before fmt chunk');
      if (fmt.format !== 1 || fmt.bits !== 16) throw new Error('Only 16-bit PCM WAV is supported');
      if (body + size > buf.length) throw new Error('WAV data chunk is truncated');
      const bytes = new Uint8Array(size - (size % 2));
      bytes.set(buf.subarray(body, body + bytes.length));
      return { sampleRate: fmt.sampleRate, channels: fmt.channels, samples: new Int16Array(bytes.buffer) };
    }
    offset = body + size + (size % 2); // chunks are word-aligned
  }
  throw new Error('WAV file has no data chunk');
}

/** Result of {@link estimatePitch}. */
export interface PitchEstimate {
  /** Median F0 over voiced frames (Hz); NaN when no frame is voiced. */
  medianHz: number;
  /** Number of 40 ms frames judged voiced. */
  voicedFrames: number;
  /** Number of frames analysed. */
  frames: number;
}

/**
 * Estimates the fundamental frequency of mono speech by normalised autocorrelation.
 *
 * 40 ms frames every 10 ms; frames quieter than 5 % of the loudest frame's energy are skipped;
 * a frame is voiced when its best normalised autocorrelation over lags for 60..500 Hz exceeds
 * 0.6; the pitch of a voiced frame is sampleRate / bestLag. Good enough to rank voices, not a
 * studio pitch tracker (octave errors are possible on individual frames; the median hides them).
 * @param samples mono 16-bit samples
 * @param sampleRate Hz
 */
export function estimatePitch(samples: Int16Array, sampleRate: number): PitchEstimate {
  const frame = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.01);
  const minLag = Math.floor(sampleRate / 500);
  const maxLag = Math.ceil(sampleRate / 60);
  const x = Float64Array.from(samples);

  const energyAt = (start: number, length: number): number => {
    let e = 0;
    for (let j = 0; j < length; j++) {
      const v = x[start + j] ?? 0;
      e += v * v;
    }
    return e;
  };

  let maxEnergy = 0;
  for (let i = 0; i + frame <= x.length; i += hop) maxEnergy = Math.max(maxEnergy, energyAt(i, frame));

  const pitches: number[] = [];
  let frames = 0;
  for (let i = 0; i + frame + maxLag <= x.length; i += hop) {
    frames++;
    const e0 = energyAt(i, frame);
    if (e0 < maxEnergy * 0.05) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let e1 = 0;
      for (let j = 0; j < frame; j++) {
        const a = x[i + j] ?? 0;
        const b = x[i + j + lag] ?? 0;
        cross += a * b;
        e1 += b * b;
      }
      const r = cross / Math.sqrt(e0 * e1 + 1e-9);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  const mid = pitches.length >> 1;
  const medianHz =
    pitches.length === 0
      ? Number.NaN
      : pitches.length % 2
        ? (pitches[mid] as number)
        : ((pitches[mid - 1] as number) + (pitches[mid] as number)) / 2;
  return { medianHz, voicedFrames: pitches.length, frames };
}
