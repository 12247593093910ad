import type { DrawInstrument } from '../drawing.ts';
import { ecgTrace, segmentDigits, smoothWave } from '../readouts.ts';
import { line, paint, part, taper } from '../svg-kit.ts';
import { drawHemostat, drawScissors } from './ring-handled.ts';

const foot = (x: number) => `<rect x="${x}" y="626" width="60" height="24" rx="6" fill="${paint.dark}"/>`;

export const drawAutoclave: DrawInstrument = (v) => {
  const body =
    foot(170) + foot(570) +
    `<rect x="130" y="190" width="540" height="440" rx="28" fill="${paint.casing}"/>` +
    line('M150 600h500', 1.5, '#b6bec6') +
    `<circle cx="320" cy="410" r="160" fill="${paint.steelRound}"/>` +
    `<circle cx="320" cy="410" r="128" fill="#e3e7eb"/>` +
    `<circle cx="320" cy="410" r="96" fill="none" stroke="#b3bbc3" stroke-width="3"/>` +
    `<rect x="210" y="396" width="220" height="28" rx="14" fill="${paint.dark}"/>` +
    `<circle cx="320" cy="410" r="28" fill="${paint.steelRound}"/>` +
    `<rect x="512" y="230" width="130" height="360" rx="14" fill="#eef1f4"/>` +
    `<rect x="526" y="250" width="102" height="60" rx="6" fill="${paint.screen}"/>` +
    segmentDigits(v.curved ? '121' : '134', 538, 262, 34, '#57e08a') +
    `<circle cx="550" cy="350" r="14" fill="#2e9a47"/><circle cx="604" cy="350" r="14" fill="#c8313b"/>` +
    `<rect x="536" y="386" width="82" height="20" rx="6" fill="${paint.accent}"/>` +
    `<rect x="536" y="420" width="82" height="20" rx="6" fill="#c3cad1"/>` +
    line('M536 500h82M536 516h82M536 532h82M536 548h82', 2, '#b6bec6');
  return { body, pose: 'equipment', focus: [560, 330], zoom: 2.2 };
};

export const drawSterilizationTray: DrawInstrument = (v) => {
  const inside = (markup: string, transform: string) => `<g transform="${transform}">${markup}</g>`;
  const body =
    `<path d="M150 360H650L700 470H100Z" fill="#c5ccd2"/>` +
    inside(drawScissors(v).body, 'translate(400 420) rotate(-84) scale(.42 .5) translate(-400 -400)') +
    inside(drawHemostat(v).body, 'translate(410 450) rotate(-96) scale(.42 .5) translate(-400 -400)') +
    `<path d="M100 470H700V600Q700 630 670 630H130Q100 630 100 600Z" fill="${paint.steelAcross}"/>` +
    `<rect x="120" y="490" width="560" height="120" fill="${paint.perforation}" stroke="none" opacity=".85"/>` +
    `<path d="M150 360H650L700 470H100Z" fill="none"/>` +
    `<path d="M100 490Q40 490 50 540Q60 580 100 580" fill="none" stroke="#5a636c" stroke-width="12"/><path d="M100 490Q40 490 50 540Q60 580 100 580" fill="none" stroke="#d3d8dd" stroke-width="7"/>` +
    `<path d="M700 490Q760 490 750 540Q740 580 700 580" fill="none" stroke="#5a636c" stroke-width="12"/><path d="M700 490Q760 490 750 540Q740 580 700 580" fill="none" stroke="#d3d8dd" stroke-width="7"/>` +
    foot(130) + foot(610);
  return { body, pose: 'equipment', focus: [400, 500], zoom: 2 };
};

export const drawPatientMonitor: DrawInstrument = (v) => {
  const body =
    `<path d="M340 560h120l30 64H310Z" fill="${paint.steelAcross}"/>` + `<rect x="280" y="620" width="240" height="26" rx="8" fill="${paint.dark}"/>` +
    `<rect x="310" y="150" width="180" height="40" rx="16" fill="none" stroke="#5a636c" stroke-width="22"/>` +
    `<rect x="310" y="150" width="180" height="40" rx="16" fill="none" stroke="#e6eaee" stroke-width="16"/>` +
    `<rect x="110" y="176" width="580" height="392" rx="26" fill="${paint.casing}"/>` +
    `<rect x="140" y="204" width="440" height="318" rx="8" fill="${paint.screen}"/>` +
    `<path d="${ecgTrace(156, 270, 290, 4, 40)}" fill="none" stroke="#3ddc84" stroke-width="3"/>` +
    `<path d="${smoothWave(156, 370, 290, 5, 34)}" fill="none" stroke="#36c5f0" stroke-width="3"/>` +
    `<path d="${smoothWave(156, 460, 290, 2, 22)}" fill="none" stroke="#f5c542" stroke-width="3"/>` +
    line('M460 214V512', 1, '#33414f', 1) +
    segmentDigits(v.curved ? '68' : '74', 478, 236, 50, '#3ddc84') +
    segmentDigits('98', 478, 336, 50, '#36c5f0') +
    segmentDigits('16', 490, 432, 40, '#f5c542') +
    `<circle cx="636" cy="250" r="26" fill="${paint.steelRound}"/>` +
    `<rect x="612" y="310" width="48" height="24" rx="6" fill="#c8313b"/>` +
    `<rect x="612" y="346" width="48" height="24" rx="6" fill="#c3cad1"/><rect x="612" y="382" width="48" height="24" rx="6" fill="#c3cad1"/>` +
    `<circle cx="636" cy="520" r="8" fill="#3ddc84"/>`;
  return { body, pose: 'equipment', focus: [300, 330], zoom: 1.9 };
};

export const drawEcgMachine: DrawInstrument = () => {
  const paper = 'M470 330C480 260 500 200 560 150L600 190C560 230 540 280 532 330Z';
  const body =
    `<pattern id="ecgp" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 0H10M0 0V10" stroke="#f0a5b4" stroke-width=".8"/></pattern>` +
    `<path d="${paper}" fill="#fff5f7"/><path d="${paper}" fill="url(#ecgp)" stroke="none"/>` +
    `<path d="M478 310c6-10 8-4 12-10l3-22l4 30l4-8c8-24 16-30 28-60l3-16l3 26l5-6c8-12 14-20 24-34" fill="none" stroke="#222" stroke-width="2"/>` +
    `<path d="M140 330H660L680 610Q680 640 650 640H150Q120 640 120 610Z" fill="${paint.casing}"/>` +
    `<rect x="170" y="350" width="280" height="140" rx="8" fill="${paint.screen}"/>` +
    `<path d="${ecgTrace(182, 385, 256, 3, 22)}${ecgTrace(182, 425, 256, 3, 18)}${ecgTrace(182, 465, 256, 3, 20)}" fill="none" stroke="#3ddc84" stroke-width="2"/>` +
    `<rect x="470" y="350" width="180" height="20" rx="4" fill="#2d3339"/>` +
    `<path d="M170 512H650V610H170Z" fill="#e9edf0"/>` +
    line('M170 545H650M170 578H650M218 512V610M266 512V610M314 512V610M362 512V610M410 512V610M458 512V610M506 512V610M554 512V610M602 512V610', 1.2, '#aab3bb') +
    `<rect x="602" y="512" width="48" height="33" fill="${paint.accent}"/>` +
    `<path d="M130 560C70 580 70 640 100 690" fill="none" stroke="#3a3f45" stroke-width="8"/>` +
    ['#c8313b', '#f0c419', '#2e9a47', '#2f73c9'].map((c, i) => `<path d="M100 690q${-40 + i * 24} 20 ${-40 + i * 30} 60" fill="none" stroke="#3a3f45" stroke-width="4"/><rect x="${50 + i * 30}" y="${742 - (i % 2) * 6}" width="18" height="26" rx="4" fill="${c}"/>`).join('');
  return { body, pose: 'equipment', focus: [330, 430], zoom: 2 };
};

export const drawMicroscope: DrawInstrument = (v) => {
  const body =
    `<path d="M220 590Q220 570 240 570H560Q580 570 580 590V640H220Z" fill="${paint.casing}"/>` +
    `<ellipse cx="360" cy="570" rx="34" ry="8" fill="#f7e7a1"/>` +
    `<path d="M470 580C520 500 520 380 470 280L430 300C470 380 470 500 430 580Z" fill="${paint.casing}"/>` +
    `<circle cx="478" cy="470" r="34" fill="${paint.dark}"/><circle cx="478" cy="470" r="16" fill="${paint.steelRound}"/>` +
    `<rect x="250" y="440" width="230" height="22" rx="4" fill="${paint.dark}"/>` +
    `<rect x="300" y="432" width="110" height="10" rx="2" fill="#d9eef7" fill-opacity=".8" stroke="#8ab"/>` +
    `<rect x="330" y="462" width="60" height="40" rx="6" fill="${paint.dark}"/>` +
    `<path d="M300 300H460L440 340H320Z" fill="${paint.steelAcross}"/>` +
    part(taper([334, 338], [326, 410], 22, 16)) + part(taper([370, 338], [366, 420], 24, 18)) + part(taper([406, 338], [414, 404], 22, 16)) +
    `<path d="M280 210H480V300H300Q280 300 280 280Z" fill="${paint.casing}"/>` +
    part(taper([320, 214], [260, 110], 34, 30)) + part(taper([370, 214], [330, 100], 34, 30)) +
    `<rect x="230" y="84" width="50" height="30" rx="6" fill="${paint.dark}" transform="rotate(-30 255 99)"/>` +
    `<rect x="302" y="74" width="50" height="30" rx="6" fill="${paint.dark}" transform="rotate(-20 327 89)"/>` +
    `<rect x="440" y="236" width="40" height="40" rx="6" fill="${paint.accent}" opacity="${v.curved ? 1 : 0.8}"/>`;
  return { body, pose: 'equipment', focus: [360, 380], zoom: 1.9 };
};
