import type { DrawInstrument } from '../drawing.ts';
import { ellipse, line, mirrorX, paint, part, screw, taper, tube } from '../svg-kit.ts';

/** Plier-style handles spreading from a joint to rounded ends. */
const handleHalf = (joint: number, endX: number, endY: number, width: number) =>
  part(`M398 ${joint}C392 ${joint + 120} ${endX + 10} ${endY - 160} ${endX - width / 2} ${endY}Q${endX} ${endY + width * 0.8} ${endX + width / 2} ${endY}C${endX + 28} ${endY - 150} 408 ${joint + 140} 410 ${joint}Z`);

export const drawRongeur: DrawInstrument = (v) => {
  const tipY = 120 + (1 - v.len) * 40;
  const tipX = v.curved ? 430 : 400;
  const spring = 'M352 600C360 540 392 520 400 516';
  const body =
    mirrorX(handleHalf(360, 318, 690, 30)) + handleHalf(360, 318, 690, 30) +
    tube(spring, 6, '#d3d8dd') + `<g transform="matrix(-1 0 0 1 800 0)">${tube(spring, 6, '#d3d8dd')}</g>` +
    `<circle cx="400" cy="516" r="6" fill="${paint.steelRound}"/>` +
    part(taper([400, 372], [tipX, tipY + 20], 44, 30, v.curved ? 10 : 0)) +
    part(`M382 330h36l8 50h-52Z`) +
    `<path fill-rule="evenodd" d="${ellipse(tipX, tipY + 6, 22, 30)}${ellipse(tipX, tipY + 2, 13, 20)}" fill="${paint.steel}"/>` +
    `<ellipse cx="${tipX}" cy="${tipY + 2}" rx="13" ry="20" fill="#5f6871"/>` +
    line(`M${tipX - 4} 360L${tipX - 2} ${tipY + 40}`, 1.3) +
    screw(400, 340, 10) + screw(384, 390, 8) + screw(416, 390, 8);
  return { body, pose: 'long', focus: [tipX, 220], zoom: 2 };
};

export const drawExtractionForceps: DrawInstrument = (v) => {
  const lean = v.curved ? 40 : 0;
  const beak = (dir: number) =>
    part(`M${400 + dir * 4} 300C${400 + dir * 40 + lean} 250 ${400 + dir * 30 + lean} 160 ${400 + dir * 4 + lean} 130L${400 + dir * 2 + lean} 150C${400 + dir * 18 + lean} 180 ${400 + dir * 16 + lean} 250 ${400 + dir * 2} 290Z`);
  const body =
    mirrorX(part('M396 300C380 400 356 560 366 690Q376 704 386 690C384 560 400 420 410 310Z')) +
    part('M396 300C380 400 356 560 366 690Q376 704 386 690C384 560 400 420 410 310Z') +
    line('M368 560l16 4M367 580l16 4M367 600l17 4M367 620l17 4M367 640l17 4', 1.2) +
    line('M432 560l-16 4M433 580l-16 4M433 600l-17 4M433 620l-17 4M433 640l-17 4', 1.2) +
    beak(-1) + beak(1) +
    `<rect x="384" y="282" width="32" height="40" rx="10" fill="${paint.steel}"/>` + screw(400, 302, 9);
  return { body, pose: 'long', focus: [400 + lean / 2, 220], zoom: 2.4 };
};

export const drawSpeculumNasal: DrawInstrument = (v) => {
  const length = 150 + v.len * 40;
  const blade = (dir: number) => part(taper([400 + dir * 4, 380], [400 + dir * 34, 380 - length], 22, 14, dir * 6));
  const body =
    mirrorX(handleHalf(390, 340, 660, 34)) + handleHalf(390, 340, 660, 34) +
    tube('M356 560Q400 500 444 560', 6, '#d3d8dd') +
    blade(-1) + blade(1) + screw(400, 392, 11);
  return { body, pose: 'long', focus: [400, 380 - length / 2], zoom: 2.2 };
};

export const drawSpeculum: DrawInstrument = (v) => {
  const reach = 150 + (1 - v.len) * 40;
  const body =
    // Lower blade, handle and the upper blade tilted open on its hinge.
    part(`M470 400C380 400 260 402 ${reach + 20} 396Q${reach - 10} 392 ${reach} 372C${reach + 40} 366 300 360 470 364Z`, paint.steelAcross) +
    `<path d="M462 360h60v300q0 30-30 30t-30-30Z" fill="${paint.steel}"/>` +
    `<rect x="480" y="430" width="24" height="200" rx="12" fill="#6d767f" opacity=".35" stroke="none"/>` +
    `<g transform="rotate(14 470 330)">` +
    part(`M470 344C380 344 260 346 ${reach + 20} 340Q${reach - 10} 336 ${reach} 316C${reach + 40} 310 300 304 470 308Z`, paint.steelAcross) +
    '</g>' +
    part('M506 330h18v200h-18Z') +
    part('M528 360h16v150h-16Z') + line('M528 380h16M528 400h16M528 420h16M528 440h16M528 460h16M528 480h16', 1.2) +
    part('M514 500h44l6 14h-56Z') + screw(470, 334, 13);
  return { body, pose: 'object', focus: [330, 360], zoom: 2 };
};
