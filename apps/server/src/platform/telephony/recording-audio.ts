import { createHash } from 'node:crypto';

const SAMPLE_RATE = 8000;
/** Recordings are short stand-ins: a few seconds carry the point without megabytes per play. */
const MAX_SECONDS = 12;

/** A small seeded generator, so the same call always yields the same recording bytes. */
function seeded(seed: string): () => number {
  let s = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * A simulated call recording as 8 kHz mono WAV: two synthetic voices taking turns, with line hiss, so the
 * recording link can be tried end to end without a provider.
 */
export function synthesizeRecording(sid: string, conversationSeconds: number): Buffer {
  const seconds = Math.max(2, Math.min(MAX_SECONDS, conversationSeconds));
  const samples = Math.floor(seconds * SAMPLE_RATE);
  const rand = seeded(sid);
  const pcm = new Int16Array(samples);
  const voices = [110 + rand() * 30, 190 + rand() * 40];
  let t = 0.15 * SAMPLE_RATE;
  let speaker = 0;
  while (t < samples) {
    const turn = Math.floor((0.7 + rand() * 1.3) * SAMPLE_RATE);
    const pitch = voices[speaker] ?? 150;
    const syllableHz = 3.5 + rand() * 2;
    for (let i = 0; i < turn && t + i < samples; i++) {
      const x = i / SAMPLE_RATE;
      const glide = pitch * (1 + 0.06 * Math.sin(2 * Math.PI * 0.8 * x));
      let v = 0;
      for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * glide * h * x) / h;
      const syllable = Math.max(0, Math.sin(Math.PI * syllableHz * x)) ** 1.5;
      const fade = Math.min(1, i / 400, (turn - i) / 400);
      pcm[t + i] = Math.round(v * syllable * fade * 5500);
    }
    t += turn + Math.floor((0.15 + rand() * 0.35) * SAMPLE_RATE);
    speaker = 1 - speaker;
  }
  for (let i = 0; i < samples; i++) pcm[i] = Math.max(-32768, Math.min(32767, (pcm[i] ?? 0) + Math.round((rand() - 0.5) * 300)));
  return wav(pcm);
}

function wav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM format
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
