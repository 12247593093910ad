import type { DrawInstrument } from '../drawing.ts';
import type { Variation } from '../variation.ts';
import { centreLine, crossLines, line, mirrorX, num, paint, part, ring, screw, taper, type Point } from '../svg-kit.ts';

interface Handles {
  pivotY: number;
  ringY: number;
  spread: number;
  ratchet?: boolean;
  gold?: boolean;
}

/** Finger rings and shanks up to the joint; the left half is drawn and mirrored for the right. */
function handles({ pivotY, ringY, spread, ratchet = false, gold = false }: Handles): string {
  const cx = 400 - spread;
  let half = part(taper([cx + 12, ringY - 30], [404, pivotY + 10], 17, 20, -4)) + ring(cx, ringY, 44, 36, 13, gold ? paint.gold : paint.steel);
  if (ratchet) {
    // Ratchet teeth sit on a flange just above the ring, pointing at the other half.
    const y = ringY - 64;
    const x0 = cx + 8 + ((404 - cx - 8) * 30) / (ringY - pivotY);
    half += part(`M${num(x0)} ${y}H${num(404)}l-5 8l-5-8l-5 8l-5-8l-5 8V${y + 18}H${num(x0 - 4)}Z`);
  }
  return mirrorX(half) + half;
}

const boxLock = (y: number) =>
  `<rect x="385" y="${y - 17}" width="30" height="34" rx="6" fill="${paint.steel}"/>` + line(`M391 ${y - 8}h18M391 ${y + 8}h18`, 1.4);

/** Closed jaws: two overlapping bars with the same bow, a seam and optional serrations. */
function jaws(from: Point, to: Point, wa: number, wb: number, bow: number, serrations: number): string {
  const left = part(taper([from[0] - 2, from[1]], [to[0] - 1, to[1]], wa, wb, bow));
  const right = part(taper([from[0] + 2, from[1]], [to[0] + 1, to[1]], wa, wb, bow));
  const teeth = serrations > 0 ? line(crossLines(from, to, bow, wa * 0.8, 0.25, 0.97, serrations), 1.2) : '';
  return right + left + line(centreLine(from, to, bow), 1.3) + teeth;
}

const bowOf = (v: Variation, amount: number) => (v.curved ? amount : 0);

export const drawScissors: DrawInstrument = (v) => {
  const pivot = 370;
  const tipY = 100 + (1 - v.len) * 70;
  const bow = bowOf(v, 16);
  const tipX = 400 + (v.curved ? 34 : 0);
  const lower = part(taper([404, pivot + 26], [tipX + 3, tipY], 30, 7, bow));
  const upper = part(taper([396, pivot + 26], [tipX - 2, tipY + 4], 30, 5, bow));
  const body =
    handles({ pivotY: pivot, ringY: 640, spread: 62 }) +
    lower + upper + line(centreLine([398, pivot], [tipX, tipY + 8], bow), 1.2) + screw(400, pivot, 12);
  return { body, pose: 'long', focus: [tipX - 10, (tipY + pivot) / 2], zoom: 1.9 };
};

export const drawHemostat: DrawInstrument = (v) => {
  const pivot = 300;
  const bow = bowOf(v, 12);
  const tip: Point = [400 + (v.curved ? 26 : 0), 120 + (1 - v.len) * 40];
  const body = handles({ pivotY: pivot, ringY: 650, spread: 58, ratchet: true }) + jaws([400, pivot], tip, 22, 8, bow, 14) + boxLock(pivot);
  return { body, pose: 'long', focus: [400 + (v.curved ? 12 : 0), 220], zoom: 2.4 };
};

export const drawNeedleHolder: DrawInstrument = (v) => {
  const pivot = 230;
  const tip: Point = [400, 110];
  const jaw =
    part(taper([398, pivot], [399, tip[1]], 34, 20)) + part(taper([402, pivot], [401, tip[1]], 34, 20)) +
    `<path d="M388 ${tip[1] + 4}h24v${pivot - tip[1] - 40}h-24Z" fill="${paint.knurl}" stroke="none"/>` + line(`M400 ${pivot}V${tip[1]}`, 1.3);
  const body = handles({ pivotY: pivot, ringY: 650 - v.len * 20, spread: 56, ratchet: true, gold: true }) + jaw + boxLock(pivot);
  return { body, pose: 'long', focus: [400, 200], zoom: 2.6 };
};

export const drawClamp: DrawInstrument = (v) => {
  const pivot = 400;
  const bend: Point = [400, 250];
  const tip: Point = [v.curved ? 290 : 330, v.curved ? 150 : 110];
  const jaw =
    part(taper([397, pivot], [bend[0] - 1, bend[1]], 22, 16)) + part(taper([403, pivot], [bend[0] + 1, bend[1]], 22, 16)) +
    part(taper([bend[0] - 1, bend[1] + 6], tip, 16, 9, -10)) + part(taper([bend[0] + 2, bend[1] + 6], [tip[0] + 2, tip[1] + 2], 16, 9, -10)) +
    line(`M400 ${pivot}V${bend[1]}${centreLine(bend, tip, -10).replace(/^M[^Q]+/, '')}`, 1.3) +
    line(crossLines([400, pivot], bend, 0, 6, 0.05, 1, 16), 1) + line(crossLines(bend, tip, -10, 6, 0.05, 0.95, 12), 1);
  const body = handles({ pivotY: pivot, ringY: 660, spread: 60, ratchet: true }) + jaw + boxLock(pivot);
  return { body, pose: 'long', focus: [350, 220], zoom: 2 };
};

export const drawTenaculum: DrawInstrument = (v) => {
  const pivot = 360;
  const top = 150 + (1 - v.len) * 40;
  const arm = (x: number, dir: number) =>
    part(taper([400 - dir * 2, pivot], [x, top], 16, 7, dir * 4)) +
    `<path d="M${x} ${top + 4}C${x} ${top - 30} ${x + dir * 30} ${top - 40} ${x + dir * 42} ${top - 18}" fill="none" stroke="#5a636c" stroke-width="8"/>` +
    `<path d="M${x} ${top + 4}C${x} ${top - 30} ${x + dir * 30} ${top - 40} ${x + dir * 42} ${top - 18}" fill="none" stroke="#d3d8dd" stroke-width="4.5"/>`;
  const body = handles({ pivotY: pivot, ringY: 650, spread: 58, ratchet: true }) + arm(384, 1) + arm(416, -1) + boxLock(pivot);
  return { body, pose: 'long', focus: [400, top], zoom: 2.6 };
};

export const drawSelfRetainingRetractor: DrawInstrument = (v) => {
  const pivot = 400;
  const reach = 130 + v.len * 40;
  const rake = (dir: number) => {
    const end: Point = [400 + dir * reach, 190];
    let prongs = '';
    for (let i = 0; i < 4; i++) {
      const y = end[1] - 36 + i * 22;
      prongs += `<path d="M${end[0]} ${y}q${dir * 30} 0 ${dir * 38} 16" fill="none" stroke="#5a636c" stroke-width="9" stroke-linecap="round"/>` +
        `<path d="M${end[0]} ${y}q${dir * 30} 0 ${dir * 38} 16" fill="none" stroke="#d6dbe0" stroke-width="5" stroke-linecap="round"/>`;
    }
    return part(taper([400 - dir * 3, pivot], end, 22, 18, dir * -10)) + prongs +
      `<rect x="${end[0] - 9}" y="${end[1] - 48}" width="18" height="82" rx="8" fill="${paint.steel}"/>`;
  };
  const bar =
    `<path d="M338 575Q400 540 470 560" fill="none" stroke="#5a636c" stroke-width="16"/>` +
    `<path d="M338 575Q400 540 470 560" fill="none" stroke="#cdd3d9" stroke-width="11"/>` +
    line('M352 566l4-9M366 560l4-9M380 555l4-9M394 552l4-9M408 551l4-9M422 552l4-9M436 554l4-9M450 557l4-9', 1.4);
  const body = handles({ pivotY: pivot, ringY: 660, spread: 62 }) + bar + rake(-1) + rake(1) + screw(400, pivot, 13);
  return { body, pose: 'long', focus: [400, 220], zoom: 1.6 };
};
