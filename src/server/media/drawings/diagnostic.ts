import type { DrawInstrument } from '../drawing.ts';
import { segmentDigits, smoothWave } from '../readouts.ts';
import { line, num, paint, part, tube } from '../svg-kit.ts';

/** Battery handle shared by otoscope, ophthalmoscope and laryngoscope. */
const batteryHandle = (y0: number, y1: number, width = 66) => {
  const x = 400 - width / 2;
  return (
    `<rect x="${x}" y="${y0}" width="${width}" height="${y1 - y0}" rx="14" fill="${paint.steel}"/>` +
    `<rect x="${x + 4}" y="${y0 + 60}" width="${width - 8}" height="${y1 - y0 - 110}" fill="${paint.knurl}" stroke="none"/>` +
    `<rect x="${x - 3}" y="${y0}" width="${width + 6}" height="34" rx="8" fill="${paint.dark}"/>` +
    `<rect x="${x - 2}" y="${y1 - 26}" width="${width + 4}" height="30" rx="10" fill="${paint.steel}"/>`
  );
};

export const drawStethoscope: DrawInstrument = (v) => {
  const tubing = v.accent[0];
  const tubeOf = (d: string) => tube(d, 16, tubing, '#ffffff');
  const body =
    tubeOf(`M372 540C500 520 560 420 480 360C430 322 400 320 400 ${300 + v.len * 20}`) +
    tubeOf('M400 310C400 280 350 270 342 230') + tubeOf('M400 310C400 280 450 270 458 230') +
    tube('M342 234C326 180 330 130 358 104', 7, '#d7dce0') + tube('M458 234C474 180 470 130 442 104', 7, '#d7dce0') +
    `<ellipse cx="362" cy="100" rx="14" ry="10" transform="rotate(-30 362 100)" fill="${paint.dark}"/>` +
    `<ellipse cx="438" cy="100" rx="14" ry="10" transform="rotate(30 438 100)" fill="${paint.dark}"/>` +
    part('M352 528l24-8l10 22l-22 12Z') +
    `<circle cx="320" cy="590" r="78" fill="${paint.steelRound}"/>` +
    `<circle cx="320" cy="590" r="62" fill="${v.curved ? paint.dark : '#eef1f3'}"/>` +
    `<circle cx="320" cy="590" r="44" fill="none" stroke="#9aa3ab" stroke-width="1.5"/>`;
  return { body, pose: 'object', focus: [330, 560], zoom: 2 };
};

export const drawOtoscope: DrawInstrument = (v) => {
  const cone = 190 - v.len * 30;
  const body =
    batteryHandle(330, 700) +
    `<path d="M360 190H460Q480 190 480 210V318Q480 330 468 330H352Q340 330 340 318V210Q340 190 360 190Z" fill="${paint.steel}"/>` +
    `<path d="M344 214L${cone} 250V268L344 304Z" fill="${paint.dark}"/>` +
    `<path d="M${cone} 250L${cone - 16} 254V264L${cone} 268Z" fill="#3a4046"/>` +
    `<ellipse cx="480" cy="260" rx="14" ry="40" fill="${paint.mirror}"/>` +
    `<rect x="360" y="300" width="100" height="20" fill="#9099a2" stroke="none" opacity=".5"/>`;
  return { body, pose: 'object', focus: [320, 260], zoom: 2.2 };
};

export const drawOphthalmoscope: DrawInstrument = () => {
  let notches = '';
  for (let a = 0; a < 360; a += 20) notches += `M${num(428 + 40 * Math.cos((a * Math.PI) / 180))} ${num(250 + 40 * Math.sin((a * Math.PI) / 180))}L${num(428 + 46 * Math.cos((a * Math.PI) / 180))} ${num(250 + 46 * Math.sin((a * Math.PI) / 180))}`;
  const body =
    batteryHandle(340, 700) +
    `<path d="M360 120Q400 90 440 120V330H360Z" fill="${paint.dark}"/>` +
    `<circle cx="428" cy="250" r="46" fill="${paint.steelRound}"/>` + line(notches, 1.5) +
    `<circle cx="428" cy="250" r="30" fill="${paint.dark}"/>` +
    `<circle cx="400" cy="160" r="16" fill="${paint.steelRound}"/><circle cx="400" cy="160" r="7" fill="#0d1116"/>` +
    `<rect x="384" y="330" width="32" height="14" fill="${paint.steel}"/>`;
  return { body, pose: 'object', focus: [410, 210], zoom: 2.2 };
};

export const drawLaryngoscope: DrawInstrument = (v) => {
  const reach = 150 + v.len * 40;
  const blade = v.curved
    ? `M372 256C300 252 ${reach + 60} 280 ${reach} 360L${reach - 8} 350C${reach + 50} 262 300 232 372 232Z`
    : `M372 256L${reach} 270L${reach - 4} 250L372 232Z`;
  const body =
    batteryHandle(280, 700, 80) +
    `<path d="M360 200h64v82h-64Z" fill="${paint.steel}"/>` +
    part(blade, paint.steelAcross) +
    `<path d="M372 236L300 238V262L372 256Z" fill="${paint.steel}"/>` +
    `<circle cx="${v.curved ? reach + 40 : reach + 40}" cy="${v.curved ? 300 : 264}" r="6" fill="#f7e7a1"/>` +
    `<rect x="394" y="214" width="24" height="10" rx="4" fill="#59626b" stroke="none"/>`;
  return { body, pose: 'object', focus: [reach + 60, 290], zoom: 2 };
};

export const drawThermometer: DrawInstrument = (v) => {
  const body =
    `<path d="M390 170Q390 140 400 140Q410 140 410 170L440 620Q444 690 400 690Q356 690 360 620Z" fill="${paint.casing}"/>` +
    `<path d="M392 190V150Q392 128 400 128Q408 128 408 150V190Z" fill="${paint.steel}"/>` +
    `<path d="M360 600Q358 640 370 660H430Q442 640 440 600Z" fill="${paint.accent}"/>` +
    `<rect x="372" y="450" width="56" height="110" rx="8" fill="#c9d6c2"/>` +
    segmentDigits(v.curved ? '37' : '36', 384, 470, 30, '#27312a') +
    `<circle cx="400" cy="628" r="10" fill="#f4f6f8"/>`;
  return { body, pose: 'long', focus: [400, 480], zoom: 2 };
};

export const drawPulseOximeter: DrawInstrument = (v) => {
  const body =
    `<rect x="230" y="290" width="340" height="250" rx="90" fill="${paint.casing}"/>` +
    `<path d="M250 340Q260 290 320 290H480Q540 290 550 340V360H250Z" fill="${paint.accent}" stroke="none"/>` +
    `<rect x="230" y="290" width="340" height="250" rx="90" fill="none"/>` +
    `<rect x="300" y="350" width="200" height="120" rx="10" fill="${paint.screen}"/>` +
    segmentDigits('98', 316, 370, 36, '#36c5f0') + segmentDigits(v.curved ? '76' : '72', 410, 370, 36, '#f5c542') +
    `<path d="${smoothWave(316, 448, 168, 4, 14)}" fill="none" stroke="#3ddc84" stroke-width="3"/>` +
    `<circle cx="400" cy="500" r="12" fill="${paint.dark}"/>` +
    `<path d="M230 380Q200 415 230 450" fill="none" stroke="#5a636c" stroke-width="10"/>`;
  return { body, pose: 'object', focus: [400, 410], zoom: 2 };
};

export const drawBloodPressureMonitor: DrawInstrument = (v) => {
  const cx = 330, cy = 300, r = 120;
  let ticks = '';
  for (let i = 0; i <= 60; i++) {
    const a = ((-225 + i * 4.5) * Math.PI) / 180;
    const inner = i % 5 === 0 ? r - 30 : r - 22;
    ticks += `M${num(cx + inner * Math.cos(a))} ${num(cy + inner * Math.sin(a))}L${num(cx + (r - 14) * Math.cos(a))} ${num(cy + (r - 14) * Math.sin(a))}`;
  }
  const needle = ((-225 + (v.curved ? 27 : 24) * 4.5) * Math.PI) / 180;
  const body =
    `<path d="M170 520Q400 480 640 520L660 650Q400 620 150 650Z" fill="${paint.accent}"/>` +
    `<path d="M190 548Q400 512 620 548" fill="none" stroke="#ffffff" stroke-opacity=".45" stroke-width="3" stroke-dasharray="8 7"/>` +
    tube('M330 420C330 470 360 500 380 520', 9, '#3a3f45', '#9aa3ab') +
    tube('M600 410C620 470 560 500 500 520', 9, '#3a3f45', '#9aa3ab') +
    `<circle cx="${cx}" cy="${cy}" r="${r + 12}" fill="${paint.steelRound}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbfcfd"/>` + line(ticks, 2, '#2a3036', 1) +
    `<path d="M${num(cx - 5 * Math.sin(needle))} ${num(cy + 5 * Math.cos(needle))}L${num(cx + (r - 26) * Math.cos(needle))} ${num(cy + (r - 26) * Math.sin(needle))}L${num(cx + 5 * Math.sin(needle))} ${num(cy - 5 * Math.cos(needle))}Z" fill="#c8313b" stroke="none"/>` +
    `<circle cx="${cx}" cy="${cy}" r="10" fill="${paint.steelRound}"/>` +
    part('M588 250h24v40h-24Z') + `<rect x="580" y="226" width="40" height="26" rx="6" fill="${paint.steel}"/>` +
    `<ellipse cx="600" cy="350" rx="52" ry="70" fill="${paint.dark}"/>` +
    `<path d="M572 312q14-14 26-10" fill="none" stroke="#ffffff" stroke-opacity=".35" stroke-width="6"/>`;
  return { body, pose: 'object', focus: [cx, cy], zoom: 2 };
};
