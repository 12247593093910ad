import type { InstrumentFamily } from './instrument-families.ts';
import { INSTRUMENT_DRAWINGS } from './instrument-drawings.ts';
import { num, paintDefs, svgDocument } from './svg-kit.ts';
import { variationFor } from './variation.ts';

/** An instrument placed on the banner: centre, rotation and scale of its 800×800 drawing. */
type Placement = readonly [family: InstrumentFamily, x: number, y: number, rotate: number, scale: number];

interface CategoryStyle {
  hue: number;
  saturation: number;
  accent: readonly [string, string];
  items: readonly Placement[];
}

const CATEGORY_STYLES: Record<string, CategoryStyle> = {
  cardiology: { hue: 352, saturation: 70, accent: ['#b8323f', '#7a1a25'], items: [['stethoscope', 190, 250, -8, 0.52], ['clamp', 350, 250, 18, 0.5], ['ecg-machine', 590, 240, 0, 0.48]] },
  neurosurgery: { hue: 266, saturation: 55, accent: ['#6a4aa6', '#432b70'], items: [['rongeur', 220, 250, -24, 0.58], ['elevator', 370, 250, 10, 0.58], ['drill', 600, 250, -6, 0.46]] },
  orthopedics: { hue: 212, saturation: 65, accent: ['#2d5fb3', '#1a3b75'], items: [['mallet', 230, 250, -24, 0.58], ['bone-plate', 420, 250, 34, 0.55], ['bone-screw', 590, 260, 18, 0.46]] },
  'general-surgery': { hue: 174, saturation: 50, accent: ['#1f7f7a', '#0f4d4a'], items: [['scissors', 230, 250, -22, 0.58], ['hemostat', 400, 250, 2, 0.58], ['needle-holder', 570, 250, 26, 0.58]] },
  ophthalmology: { hue: 195, saturation: 65, accent: ['#1f7fa8', '#0f4e69'], items: [['microscope', 570, 260, 0, 0.5], ['ophthalmoscope', 260, 250, -14, 0.55], ['forceps', 400, 250, 30, 0.55]] },
  ent: { hue: 32, saturation: 75, accent: ['#c2702a', '#7d4413'], items: [['otoscope', 250, 250, -12, 0.55], ['speculum-nasal', 420, 250, 24, 0.55], ['laryngoscope', 590, 255, 8, 0.5]] },
  dental: { hue: 160, saturation: 45, accent: ['#2e8a6a', '#17533f'], items: [['dental-mirror', 260, 250, -26, 0.6], ['dental-explorer', 380, 250, 10, 0.6], ['extraction-forceps', 560, 250, 34, 0.58]] },
  'obstetrics-gynecology': { hue: 330, saturation: 60, accent: ['#b0407a', '#6e2049'], items: [['speculum', 270, 250, -6, 0.55], ['tenaculum', 470, 250, 26, 0.58], ['dilator', 630, 250, -14, 0.5]] },
  'plastic-surgery': { hue: 18, saturation: 65, accent: ['#c0603e', '#7a351e'], items: [['scalpel', 260, 250, -30, 0.6], ['hook', 400, 250, 6, 0.6], ['needle-holder', 560, 250, 32, 0.6]] },
  sterilization: { hue: 140, saturation: 40, accent: ['#3d8a55', '#1f5430'], items: [['autoclave', 290, 255, 0, 0.5], ['sterilization-tray', 580, 280, 0, 0.44]] },
  'diagnostic-equipment': { hue: 226, saturation: 55, accent: ['#3a57a8', '#22356c'], items: [['patient-monitor', 560, 245, 0, 0.48], ['stethoscope', 250, 260, -10, 0.5], ['pulse-oximeter', 390, 320, -8, 0.4]] },
};

const FALLBACK: CategoryStyle = {
  hue: 210, saturation: 14, accent: ['#4a5866', '#2c3640'],
  items: [['scissors', 250, 250, -20, 0.58], ['forceps', 400, 250, 4, 0.58], ['scalpel', 550, 250, 24, 0.58]],
};

/** Banner for a catalogue category: a soft speciality colour with typical instruments laid across it. */
export function renderCategorySvg(slug: string): string {
  const style = CATEGORY_STYLES[slug] ?? FALLBACK;
  const { hue, saturation: s } = style;
  const background =
    `<linearGradient id="cbg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="hsl(${hue} ${s}% 96%)"/><stop offset="1" stop-color="hsl(${hue} ${s}% 86%)"/></linearGradient>` +
    '<rect width="800" height="500" fill="url(#cbg)" stroke="none"/>' +
    `<circle cx="690" cy="70" r="230" fill="hsl(${hue} ${s}% 99%)" opacity=".45" stroke="none"/>` +
    `<circle cx="90" cy="470" r="190" fill="hsl(${hue} ${s}% 78%)" opacity=".35" stroke="none"/>`;
  const items = style.items
    .map(([family, x, y, rotate, scale], index) => {
      const drawing = INSTRUMENT_DRAWINGS[family]({ ...variationFor(`${slug}-${index}`), accent: style.accent });
      return `<g filter="url(#sh)"><g transform="translate(${x} ${y}) rotate(${rotate}) scale(${num(scale)}) translate(-400 -400)">${drawing.body}</g></g>`;
    })
    .join('');
  return svgDocument(800, 500, paintDefs(style.accent) + background + items);
}
