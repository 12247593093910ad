import type { DrawInstrument } from '../drawing.ts';
import { line, num, paint, part, taper, tube } from '../svg-kit.ts';

/** A round, knurled instrument handle between y0 and y1. */
function knurledHandle(y0: number, y1: number, width: number, grip: readonly [number, number] = [y0 + 30, y1 - 30]): string {
  const x = 400 - width / 2;
  return (
    `<rect x="${num(x)}" y="${y0}" width="${width}" height="${y1 - y0}" rx="${num(width / 2.4)}" fill="${paint.steel}"/>` +
    `<rect x="${num(x + 3)}" y="${grip[0]}" width="${width - 6}" height="${grip[1] - grip[0]}" fill="${paint.knurl}" stroke="none"/>` +
    line(`M${num(x)} ${grip[0]}h${width}M${num(x)} ${grip[1]}h${width}`, 1.2)
  );
}

export const drawScalpel: DrawInstrument = (v) => {
  const base = 360;
  const blade = v.pick(['belly', 'pointed', 'hooked'] as const, 11);
  const outline =
    blade === 'belly'
      ? `M386 ${base}C366 300 364 200 404 112Q417 150 417 220V${base}Z`
      : blade === 'pointed'
        ? `M386 ${base}L386 250L412 110L417 160V${base}Z`
        : `M386 ${base}L386 230Q380 160 412 118Q428 140 414 170Q404 200 417 250V${base}Z`;
  const body =
    `<path d="M382 ${base}h36l6 330q0 14-14 14h-20q-14 0-14-14Z" fill="${paint.steel}"/>` +
    `<rect x="386" y="${base + 110}" width="28" height="190" fill="${paint.knurl}" stroke="none"/>` +
    line(`M381 ${base + 110}h38M379 ${base + 300}h42`, 1.2) +
    `<path d="${outline}" fill="#dde2e6"/>` +
    line(blade === 'belly' ? `M392 ${base - 10}C376 300 376 210 404 128` : `M391 ${base - 10}L392 250`, 1.2, '#8c959e') +
    `<rect x="395" y="${base - 70}" width="10" height="56" rx="5" fill="#8f98a1"/>`;
  return { body, pose: 'long', focus: [400, 240], zoom: 2.4 };
};

export const drawElevator: DrawInstrument = (v) => {
  const top = 110 + (1 - v.len) * 30;
  const body =
    part(taper([400, 300], [400, top + 50], 12, 9)) +
    part(`M400 ${top}C420 ${top + 10} 422 ${top + 50} 405 ${top + 64}H395C378 ${top + 50} 380 ${top + 10} 400 ${top}Z`) +
    part(taper([400, 540], [400, 650], 12, 9)) +
    part('M388 648Q400 640 412 648Q420 690 400 712Q380 690 388 648Z') +
    knurledHandle(290, 560, 34);
  return { body, pose: 'long', focus: [400, top + 60], zoom: 2.6 };
};

export const drawCurette: DrawInstrument = (v) => {
  const angle = v.curved ? 30 : 16;
  const tipX = 400 + angle;
  const body =
    knurledHandle(380, 690, 32) +
    part(taper([400, 382], [400, 200], 16, 9)) +
    part(taper([400, 204], [tipX, 150], 9, 7, 3)) +
    `<path fill-rule="evenodd" d="M${tipX - 14} 132a14 20 -20 1 0 28 0a14 20 -20 1 0 -28 0ZM${tipX - 7} 132a7 12 -20 1 0 14 0a7 12 -20 1 0 -14 0Z" fill="${paint.steel}" transform="rotate(-20 ${tipX} 132)"/>`;
  return { body, pose: 'long', focus: [tipX - 6, 170], zoom: 3 };
};

export const drawProbe: DrawInstrument = (v) => {
  const bend = v.curved ? 'Q400 150 430 120' : 'L400 110';
  const body =
    tube(`M400 690L400 200${bend}`, 8, '#d3d8dd') +
    `<circle cx="${v.curved ? 432 : 400}" cy="${v.curved ? 118 : 106}" r="9" fill="${paint.steelRound}"/>` +
    `<path fill-rule="evenodd" d="M388 640h24v60q0 12-12 12t-12-12ZM396 660h8v36h-8Z" fill="${paint.steel}"/>`;
  return { body, pose: 'long', focus: [410, 150], zoom: 2.8 };
};

export const drawHook: DrawInstrument = (v) => {
  const prongs = v.unit(12) > 0.5 ? [390, 410] : [400];
  let tips = '';
  for (const x of prongs) tips += tube(`M${x} 200V150Q${x} 120 ${x - 22} 122Q${x - 34} 126 ${x - 30} 140`, 5, '#d3d8dd');
  const body =
    (prongs.length > 1 ? part('M388 200h24l-4 40h-16Z') : '') +
    part(taper([400, 420], [400, 200], 14, 8)) +
    `<path d="M382 420h36l8 260q0 16-16 16h-20q-16 0-16-16Z" fill="${paint.steel}"/>` +
    line('M384 470h32M383 500h34M383 530h34M382 560h36M382 590h36M382 620h36', 1.2) + tips;
  return { body, pose: 'long', focus: [390, 160], zoom: 3 };
};

export const drawOsteotome: DrawInstrument = (v) => {
  const width = 18 + Math.round(v.len * 16);
  const x = 400 - width / 2;
  const body =
    `<path d="M${x} 470V170L${x + 3} 120H${x + width - 3}L${x + width} 170V470Z" fill="${paint.steel}"/>` +
    `<path d="M${x} 170L${x + 3} 120H${x + width - 3}L${x + width} 170Z" fill="#eef1f4"/>` +
    `<rect x="368" y="460" width="64" height="200" rx="12" fill="${paint.steel}"/>` +
    line('M368 500h64M368 540h64M368 580h64M368 620h64', 1.4) +
    `<rect x="362" y="656" width="76" height="40" rx="10" fill="${paint.steel}"/>`;
  return { body, pose: 'long', focus: [400, 170], zoom: 2.6 };
};

export const drawDentalMirror: DrawInstrument = (v) => {
  const r = 34 + v.len * 8;
  const body =
    knurledHandle(330, 700, 22, [420, 660]) +
    part(taper([400, 332], [400, 230], 10, 6)) +
    part(taper([400, 232], [418, 170], 6, 5, -4)) +
    `<ellipse cx="428" cy="${num(170 - r)}" rx="${num(r + 5)}" ry="${num(r)}" fill="${paint.steel}" transform="rotate(18 428 ${num(170 - r)})"/>` +
    `<ellipse cx="428" cy="${num(170 - r)}" rx="${num(r - 2)}" ry="${num(r - 7)}" fill="${paint.mirror}" transform="rotate(18 428 ${num(170 - r)})"/>` +
    `<path d="M${num(412)} ${num(150 - r)}q10-14 30-14" fill="none" stroke="#fff" stroke-width="4" opacity=".8"/>`;
  return { body, pose: 'long', focus: [425, 160], zoom: 2.6 };
};

export const drawDentalExplorer: DrawInstrument = (v) => {
  const wire = (d: string) => tube(d, 4.5, '#d7dce0');
  const body =
    knurledHandle(280, 560, 22, [330, 510]) +
    part(taper([400, 282], [400, 190], 9, 5)) + part(taper([400, 558], [400, 640], 9, 5)) +
    wire(v.curved ? 'M400 192C400 120 460 110 458 160C456 180 440 182 432 170' : 'M400 192C400 130 440 100 456 124L448 150') +
    wire('M400 638Q400 690 372 700Q352 704 356 684');
  return { body, pose: 'long', focus: [420, 150], zoom: 2.8 };
};

export const drawForceps: DrawInstrument = (v) => {
  const top = 110 + (1 - v.len) * 50;
  const wide = v.unit(13) > 0.5;
  const leaf = (dir: number) => {
    const out = wide ? 38 : 28;
    return part(
      `M${400 + dir * 2} 700C${400 + dir * 10} 640 ${400 + dir * out} 560 ${400 + dir * out} 460` +
        `C${400 + dir * out} 380 ${400 + dir * 10} 240 ${400 + dir * 3} ${top}` +
        `L${400 + dir * 9} ${top}C${400 + dir * (out - 6)} 240 ${400 + dir * (out + 14)} 380 ${400 + dir * (out + 14)} 460` +
        `C${400 + dir * (out + 14)} 580 ${400 + dir * 18} 660 ${400 + dir * 8} 706Z`,
    ) + line(crossLines(dir, out), 1.2);
  };
  const crossLines = (dir: number, out: number) => {
    let d = '';
    for (let y = 420; y <= 520; y += 8) d += `M${400 + dir * (out + 2)} ${y}h${dir * 10}`;
    return d;
  };
  const body = `<path d="M392 700h16v14q-8 6-16 0Z" fill="${paint.steel}"/>` + leaf(-1) + leaf(1) + line(`M397 ${top + 2}l3 8l3-8`, 1.4);
  return { body, pose: 'long', focus: [400, top + 60], zoom: 2.8 };
};

export const drawRetractor: DrawInstrument = (v) => {
  const reach = 170 + (1 - v.len) * 50;
  // Blade bent off the handle, seen from slightly above so its face shows.
  const blade = `M428 300V250Q428 214 392 212L${reach + 20} 196Q${reach} 195 ${reach - 4} 214L${reach - 12} 300Q${reach - 14} 318 ${reach + 6} 320L372 322Z`;
  const body =
    `<path d="${blade}" fill="${paint.steelAcross}"/>` +
    `<path d="M${reach + 14} 212L388 226Q410 230 410 256V300L${reach + 6} 304Z" fill="#f4f6f8" opacity=".5" stroke="none"/>` +
    `<path fill-rule="evenodd" d="M372 300h56v370q0 28-28 28t-28-28ZM390 380h20v240q0 10-10 10t-10-10Z" fill="${paint.steel}"/>`;
  return { body, pose: 'long', focus: [300, 260], zoom: 1.9 };
};
