import type { DrawInstrument } from '../drawing.ts';
import { line, paint, part, taper, tube } from '../svg-kit.ts';

export const drawSuctionTube: DrawInstrument = (v) => {
  const tipX = v.curved ? 470 : 440;
  const body =
    tube(`M400 520V300C400 230 ${tipX} 210 ${tipX} 150`, 22, '#cbd1d7') +
    `<ellipse cx="${tipX}" cy="136" rx="18" ry="24" fill="${paint.steelRound}"/>` +
    `<circle cx="${tipX - 7}" cy="136" r="3" fill="#5f6871" stroke="none"/><circle cx="${tipX + 7}" cy="140" r="3" fill="#5f6871" stroke="none"/>` +
    `<rect x="378" y="500" width="44" height="150" rx="14" fill="${paint.steel}"/>` +
    line('M380 570h40M380 590h40M380 610h40M380 630h40', 1.3) +
    `<ellipse cx="400" cy="530" rx="7" ry="11" fill="#4b535b"/>` +
    part('M390 650h20v12l-4 6v12l4 6v14h-20v-14l4-6v-12l-4-6Z');
  return { body, pose: 'long', focus: [tipX - 20, 190], zoom: 2.4 };
};

export const drawDilator: DrawInstrument = (v) => {
  const rods = [10, 15, 21, 28].slice(v.len > 0.5 ? 0 : 1);
  let body = '';
  rods.forEach((w, i) => {
    const x = 400 + (i - (rods.length - 1) / 2) * 62;
    const top = 110 + i * 14;
    body += tube(`M${x} ${700 - i * 10}V${top + 40}Q${x} ${top} ${x + 14} ${top - 10}`, w, '#cbd1d7');
  });
  return { body, pose: 'long', focus: [400, 160], zoom: 2 };
};

export const drawTrocar: DrawInstrument = (v) => {
  const top = 180 + (1 - v.len) * 60;
  const body =
    part(`M384 ${top}L400 ${top - 70}L416 ${top}Z`, '#e6eaee') + line(`M400 ${top - 70}V${top}`, 1.2) +
    part(`M383 560V${top + 10}L387 ${top}H413L417 ${top + 10}V560Z`) +
    `<path d="M350 520H450L470 640H330Z" fill="${paint.casing}"/>` +
    `<path d="M342 600H458V640H342Z" fill="${paint.accent}"/>` +
    part('M456 560h40v24h-40Z') + `<rect x="490" y="548" width="16" height="48" rx="5" fill="${paint.accent}"/>` +
    `<path d="M346 640H454V680Q400 716 346 680Z" fill="${paint.dark}"/>`;
  return { body, pose: 'long', focus: [400, top + 10], zoom: 2.6 };
};

const GAUGE_COLOURS = ['#f28c28', '#8e969e', '#2e9a47', '#e8659b', '#2f73c9', '#f0c419'] as const;

export const drawCannula: DrawInstrument = (v) => {
  const colour = v.pick(GAUGE_COLOURS, 14);
  const top = 100 + (1 - v.len) * 60;
  const body =
    part(taper([400, 300], [400, top], 5, 4)) + part(`M398 ${top}l2-22l4 22Z`, '#dfe3e7') +
    `<path d="M393 400V${top + 60}Q393 ${top + 50} 400 ${top + 46}Q407 ${top + 50} 407 ${top + 60}V400Z" fill="#ffffff" fill-opacity=".55" stroke="#9aa8b3"/>` +
    `<path d="M372 380h56l8 100h-72Z" fill="${colour}" fill-opacity=".85"/>` +
    `<path d="M372 420L260 446Q250 470 270 476L368 470ZM428 420L540 446Q550 470 530 476L432 470Z" fill="${colour}"/>` +
    `<rect x="384" y="340" width="32" height="46" rx="8" fill="${colour}"/>` +
    `<path d="M374 480h52v130h-52Z" fill="#f2f6f8" fill-opacity=".75" stroke="#9aa8b3"/>` +
    `<rect x="386" y="500" width="28" height="80" rx="4" fill="#e9c9c9" fill-opacity=".8" stroke="none"/>` +
    `<rect x="380" y="606" width="40" height="60" rx="6" fill="#ffffff" stroke="#9aa8b3"/>`;
  return { body, pose: 'long', focus: [400, 330], zoom: 2.2 };
};

export const drawCatheter: DrawInstrument = (v) => {
  const colour = v.unit(15) > 0.5 ? '#e9d3a8' : '#eef2f4';
  const valve = v.pick(['#f0c419', '#2e9a47', '#e8659b', '#f28c28'] as const, 16);
  const path = 'M400 130V250C400 330 520 330 520 420C520 520 280 520 280 420C280 330 400 330 400 420V560';
  const body =
    tube(path, 18, colour) +
    `<ellipse cx="400" cy="190" rx="32" ry="42" fill="${colour}" fill-opacity=".75"/>` +
    `<path d="M391 130V110Q400 96 409 110V130Z" fill="${colour}"/><ellipse cx="400" cy="122" rx="4" ry="7" fill="#8a7a5c" stroke="none"/>` +
    `<path d="M390 560L372 690H428L410 560Z" fill="${colour}"/>` +
    `<path d="M406 580Q450 600 452 650" fill="none" stroke="#5a636c" stroke-width="15"/><path d="M406 580Q450 600 452 650" fill="none" stroke="${colour}" stroke-width="11"/>` +
    `<rect x="440" y="648" width="26" height="40" rx="6" fill="${valve}"/>`;
  return { body, pose: 'long', focus: [400, 180], zoom: 2.4 };
};
