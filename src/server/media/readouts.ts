import { num } from './svg-kit.ts';

// Segments a–g of a seven-segment digit as [x, y, horizontal] in a 1×2 cell.
const SEGMENTS: readonly (readonly [number, number, boolean])[] = [
  [0, 0, true], [1, 0, false], [1, 1, false], [0, 2, true], [0, 1, false], [0, 0, false], [0, 1, true],
];
const DIGIT_MASKS = [0x3f, 0x06, 0x5b, 0x4f, 0x66, 0x6d, 0x7d, 0x07, 0x7f, 0x6f];

/** Digits as seven-segment bars, so readouts need no font. */
export function segmentDigits(digits: string, x: number, y: number, height: number, colour: string): string {
  const w = height / 2;
  const t = Math.max(1.5, height * 0.12);
  let d = '';
  [...digits].forEach((ch, index) => {
    const mask = DIGIT_MASKS[Number(ch)] ?? 0;
    const ox = x + index * (w + t * 2.2);
    SEGMENTS.forEach(([sx, sy, horizontal], bit) => {
      if (!(mask & (1 << bit))) return;
      const px = ox + sx * w;
      const py = y + sy * w;
      d += horizontal
        ? `M${num(px + t * 0.6)} ${num(py - t / 2)}h${num(w - t * 1.2)}v${num(t)}h${num(-(w - t * 1.2))}Z`
        : `M${num(px - t / 2)} ${num(py + t * 0.6)}h${num(t)}v${num(w - t * 1.2)}h${num(-t)}Z`;
    });
  });
  return `<path d="${d}" fill="${colour}" stroke="none"/>`;
}

/** ECG trace: P wave, QRS spike and T wave repeated across `width`. */
export function ecgTrace(x: number, y: number, width: number, beats: number, amp: number): string {
  const beat = width / beats;
  let d = `M${num(x)} ${num(y)}`;
  for (let i = 0; i < beats; i++) {
    const b = x + i * beat;
    const u = beat / 20;
    d +=
      `L${num(b + u * 3)} ${num(y)}q${num(u)} ${num(-amp * 0.18)} ${num(u * 2)} 0` +
      `L${num(b + u * 7)} ${num(y)}l${num(u * 0.6)} ${num(amp * 0.15)}l${num(u * 0.8)} ${num(-amp)}l${num(u * 0.9)} ${num(amp * 1.25)}l${num(u * 0.6)} ${num(-amp * 0.4)}` +
      `L${num(b + u * 13)} ${num(y)}q${num(u * 1.5)} ${num(-amp * 0.3)} ${num(u * 3)} 0L${num(b + beat)} ${num(y)}`;
  }
  return d;
}

/** Smooth periodic wave for pleth and respiration traces. */
export function smoothWave(x: number, y: number, width: number, cycles: number, amp: number): string {
  const step = width / cycles;
  let d = `M${num(x)} ${num(y)}`;
  for (let i = 0; i < cycles; i++) {
    const b = x + i * step;
    d += `C${num(b + step * 0.15)} ${num(y - amp)} ${num(b + step * 0.3)} ${num(y - amp)} ${num(b + step * 0.45)} ${num(y - amp * 0.3)}` +
      `S${num(b + step * 0.8)} ${num(y + amp * 0.1)} ${num(b + step)} ${num(y)}`;
  }
  return d;
}
