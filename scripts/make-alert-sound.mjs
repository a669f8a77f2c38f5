/**
 * Writes public/sounds/alert.wav: the dashboard's chime for a new check request (part 1 §4).
 * Two soft bell tones, E5 then A5 (a rising fourth reads as "attention", not "error"), 16-bit mono
 * PCM at 22.05 kHz, about 0.7 s and 30 kB, so it loads fast over school Wi-Fi. Run: node scripts/make-alert-sound.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22050;
// [frequency Hz, start s, length s]: a rising fourth, the second note rings longer.
const NOTES = [
  [659.25, 0, 0.35],
  [880.0, 0.16, 0.55],
];
const LENGTH_S = 0.72;
// Peak below full scale: a classroom tablet's speaker should not clip or startle.
const GAIN = 0.45;

const samples = new Float32Array(Math.round(RATE * LENGTH_S));
for (const [freq, start, length] of NOTES) {
  const from = Math.round(start * RATE);
  const count = Math.round(length * RATE);
  for (let i = 0; i < count && from + i < samples.length; i++) {
    const t = i / RATE;
    // 8 ms attack against clicks, then an exponential bell-like decay.
    const envelope = Math.min(1, t / 0.008) * Math.exp(-t * 6);
    // A quiet octave overtone makes it sound like a bell rather than a beep.
    const tone = Math.sin(2 * Math.PI * freq * t) + 0.25 * Math.sin(4 * Math.PI * freq * t);
    samples[from + i] += envelope * tone;
  }
}

const data = Buffer.alloc(samples.length * 2);
const peak = Math.max(...samples.map(Math.abs)) || 1;
samples.forEach((s, i) => {
  // Fade the last 20 ms to silence so the file ends without a click.
  const tail = Math.min(1, (samples.length - i) / (0.02 * RATE));
  data.writeInt16LE(Math.round((s / peak) * GAIN * tail * 32767), i * 2);
});

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../public/sounds/alert.wav');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes)`);
