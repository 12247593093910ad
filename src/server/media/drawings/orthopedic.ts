import type { DrawInstrument } from '../drawing.ts';
import { line, num, paint, part, taper } from '../svg-kit.ts';

export const drawMallet: DrawInstrument = (v) => {
  const half = 120 + v.len * 30;
  const body =
    part(taper([400, 700], [400, 220], 44, 30)) +
    `<rect x="376" y="460" width="48" height="236" rx="20" fill="${paint.dark}"/>` +
    line('M378 500h44M378 530h44M378 560h44M378 590h44M378 620h44M378 650h44', 1.4, '#0f1316') +
    `<rect x="${400 - half}" y="120" width="${2 * half}" height="100" rx="14" fill="${paint.steelAcross}"/>` +
    `<rect x="${400 - half - 26}" y="126" width="34" height="88" rx="10" fill="${paint.accent}"/>` +
    `<rect x="${400 + half - 8}" y="126" width="34" height="88" rx="10" fill="${paint.accent}"/>`;
  return { body, pose: 'long', focus: [400, 180], zoom: 2 };
};

export const drawBoneSaw: DrawInstrument = (v) => {
  const top = 100 + (1 - v.len) * 60;
  let teeth = `M360 ${top + 20}`;
  for (let y = top + 20; y < 470; y += 16) teeth += `L348 ${y + 8}L360 ${y + 16}`;
  const body =
    `<path d="${teeth}L360 480H452V${top + 10}Q452 ${top} 440 ${top}H372Q360 ${top} 360 ${top + 20}Z" fill="${paint.steel}"/>` +
    part(`M440 ${top}H452V480H440Z`, '#8e979f') +
    `<path fill-rule="evenodd" d="M340 470H470Q480 470 480 482V660Q480 700 440 700H370Q330 700 330 660V482Q330 470 340 470ZM370 530H440V650H370Z" fill="${paint.accent}"/>` +
    `<circle cx="354" cy="496" r="6" fill="${paint.steelRound}"/><circle cx="456" cy="496" r="6" fill="${paint.steelRound}"/>`;
  return { body, pose: 'long', focus: [380, 250], zoom: 2.2 };
};

export const drawDrill: DrawInstrument = (v) => {
  const bit = 70 + v.len * 40;
  let flutes = '';
  for (let x = 158 - bit + 12; x < 150; x += 12) flutes += `M${x} 272l8 16`;
  const body =
    `<path d="M150 272h-${bit}l-14 8l14 8h${bit}Z" fill="${paint.steelAcross}"/>` + line(flutes, 1.2) +
    `<path d="M150 250h70v60h-70Q140 280 150 250Z" fill="${paint.steelAcross}"/>` + line('M168 250v60M186 250v60M204 250v60', 1.2) +
    `<path d="M220 238h330q40 0 40 52t-40 52H260q-40 0-40-40Z" fill="${paint.casing}"/>` +
    `<path d="M300 238h170v104H300Z" fill="${paint.accent}"/>` +
    `<path d="M420 342L450 560H560L540 342Z" fill="${paint.casing}"/>` +
    `<path d="M380 350q14 30 50 36l-4 28q-44-6-62-50Z" fill="${paint.accent}"/>` +
    `<rect x="420" y="556" width="170" height="72" rx="12" fill="${paint.dark}"/>` +
    line('M440 580h130M440 600h130', 1.2, '#7b848d') +
    `<circle cx="540" cy="290" r="14" fill="${paint.dark}"/>`;
  return { body, pose: 'object', focus: [170, 280], zoom: 2.4 };
};

export const drawBonePlate: DrawInstrument = (v) => {
  const holes = 5 + Math.floor(v.len * 4);
  const top = 130, bottom = 680;
  const pitch = (bottom - top) / holes;
  let left = '', right = '', holesPath = '', countersinks = '';
  for (let i = 0; i < holes; i++) {
    const cy = top + pitch * (i + 0.5);
    left += `C340 ${num(cy - pitch * 0.3)} 340 ${num(cy + pitch * 0.3)} 360 ${num(cy + pitch * 0.5)}`;
    right = `C460 ${num(cy + pitch * 0.3)} 460 ${num(cy - pitch * 0.3)} 440 ${num(cy - pitch * 0.5)}` + right;
    holesPath += `M386 ${num(cy)}a14 ${num(pitch * 0.26)} 0 1 0 28 0a14 ${num(pitch * 0.26)} 0 1 0 -28 0Z`;
    countersinks += `<ellipse cx="400" cy="${num(cy)}" rx="22" ry="${num(pitch * 0.36)}" fill="#eef1f4" stroke="#8d969f" stroke-width="1.2"/>`;
  }
  const body =
    `<path d="M360 ${top}${left}Q400 ${bottom + 30} 440 ${bottom}${right}Q400 ${top - 30} 360 ${top}Z" fill="${paint.steel}"/>` +
    countersinks + `<path d="${holesPath}" fill="#5f6871"/>`;
  return { body, pose: 'long', focus: [400, top + pitch], zoom: 2.4 };
};

export const drawBoneScrew: DrawInstrument = (v) => {
  const tip = 120 + (1 - v.len) * 120;
  let threads = '';
  let helix = '';
  for (let y = 600; y > tip + 40; y -= 28) {
    threads += `M368 ${y}L350 ${y - 10}L368 ${y - 20}`;
    threads += `M432 ${y - 14}L450 ${y - 24}L432 ${y - 34}`;
    helix += `M350 ${y - 10}L450 ${y - 24}`;
  }
  const body =
    `<path d="M368 620V${tip + 40}L400 ${tip}L432 ${tip + 40}V620Z" fill="${paint.steel}"/>` +
    `<path d="${threads}" fill="#cfd5da"/>` + line(helix, 1.6, '#7c868f') +
    `<path d="M340 620h120q10 0 10 10v16q-10 44-70 48q-60-4-70-48v-16q0-10 10-10Z" fill="${paint.steel}"/>` +
    `<rect x="384" y="640" width="32" height="40" rx="4" fill="#59626b" stroke="none"/>`;
  return { body, pose: 'long', focus: [400, tip + 80], zoom: 2 };
};
