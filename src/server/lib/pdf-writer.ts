import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { visualOrder } from './bidi.ts';
import { woffToSfnt } from './woff-to-sfnt.ts';

type Pdf = InstanceType<typeof PDFDocument>;

export type Weight = 'regular' | 'bold';

export interface TextStyle {
  weight?: Weight;
  size: number;
  color: string;
}

/** A column measured from the page's starting edge: the left in left-to-right documents, the right in right-to-left ones. */
export interface TextBox {
  x: number;
  width: number;
  align?: 'start' | 'end' | 'center';
}

/** Writes text into a PDF in one direction, so a layout described once serves English, Urdu and Arabic documents. */
export interface PdfWriter {
  /** Writes `content` (lines split on '\n', each wrapped to the box) with its top at `y`; answers the y below it. */
  text(content: string, y: number, box: TextBox, style: TextStyle): number;
  /** A hairline across the box at `y`. */
  rule(y: number, box: TextBox, color: string): void;
  /** The height of one line of text in this style. */
  lineHeight(style: TextStyle): number;
}

const HELVETICA: Record<Weight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

export function leftToRightWriter(doc: Pdf): PdfWriter {
  const use = ({ weight = 'regular', size, color }: TextStyle) => doc.font(HELVETICA[weight]).fontSize(size).fillColor(color);
  return {
    text(content, y, { x, width, align = 'start' }, style) {
      use(style).text(content, x, y, { width, align: align === 'start' ? 'left' : align === 'end' ? 'right' : 'center' });
      return doc.y;
    },
    rule(y, { x, width }, color) {
      doc.moveTo(x, y).lineTo(x + width, y).strokeColor(color).stroke();
    },
    lineHeight: (style) => use(style).currentLineHeight(true),
  };
}

// Helvetica has no Arabic letters; Noto Naskh Arabic's Arabic files have nothing else (not even Western digits).
const naskhFile = (weight: number) => woffToSfnt(readFileSync(createRequire(import.meta.url)
  .resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff`)));
const NASKH: Record<Weight, Buffer> = { regular: naskhFile(400), bold: naskhFile(700) };
const NASKH_NAME: Record<Weight, string> = { regular: 'naskh', bold: 'naskh-bold' };
/**
 * The invisible text's font must be a font object of its own: fontkit remembers each glyph with the letter it first
 * met it as, and shaping meets one glyph as several letters. pdfkit shares one object between identical font files,
 * so the text is set in another weight (unseen, so any weight will do).
 */
const TEXT_LAYER = { name: 'naskh-text', file: naskhFile(500) };
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** What pdfkit's fontkit font offers beyond pdfkit's own API: shaped glyph runs and their outlines. */
interface ShapedRun {
  glyphs: { path: { toSVG(): string } }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}
interface Fontkit {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  layout(text: string): ShapedRun;
}

/**
 * Turns off every substitution, so each letter is its own glyph. pdfkit maps each glyph to one character for copying
 * and searching, while Noto Naskh shapes many letters from a shared dotless base plus dots: text drawn shaped would
 * read back as other letters. pdfkit passes features on to fontkit, which takes a map of features to switch off.
 */
const UNSHAPED = Object.fromEntries(['ccmp', 'locl', 'isol', 'init', 'medi', 'fina', 'rlig', 'liga', 'calt', 'mark', 'mkmk']
  .map((feature) => [feature, false])) as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** pdfkit's text options with one its type definitions leave out: the width of the glyphs, in percent. */
type ScaledText = PDFKit.Mixins.TextOptions & { horizontalScaling?: number };

interface Run {
  arabic: boolean;
  /** In display order, left to right. */
  text: string;
}

/**
 * A right-to-left writer. pdfkit neither reorders right-to-left text nor falls back between fonts, so each line is put
 * in display order (UAX #9), cut into runs of Arabic script and of everything else, and the runs are placed from the
 * right. Arabic runs are drawn as the outlines of their shaped glyphs, with the same text unshaped and invisible on
 * top so that it can still be selected, copied and searched.
 */
export function rightToLeftWriter(doc: Pdf): PdfWriter {
  for (const weight of ['regular', 'bold'] as const) doc.registerFont(NASKH_NAME[weight], NASKH[weight]);
  doc.registerFont(TEXT_LAYER.name, TEXT_LAYER.file);
  const fontkitFont = (weight: Weight): Fontkit => (doc.font(NASKH_NAME[weight]) as unknown as { _font: { font: Fontkit } })._font.font;
  const naskh = { regular: fontkitFont('regular'), bold: fontkitFont('bold') };
  const weightOf = (style: TextStyle): Weight => style.weight ?? 'regular';
  const pageWidth = doc.page.width;

  const runsOf = (line: string): Run[] => {
    const runs: Run[] = [];
    for (const { char } of visualOrder(line)) {
      const last = runs.at(-1);
      const arabic = char === ' ' && last ? last.arabic : ARABIC.test(char);
      if (last && last.arabic === arabic) last.text += char;
      else runs.push({ arabic, text: char });
    }
    return runs;
  };
  // fontkit shapes an Arabic run from its logical order and answers it in display order.
  const logical = (run: Run) => [...run.text].reverse().join('');
  const scale = (style: TextStyle) => style.size / naskh[weightOf(style)].unitsPerEm;
  const runWidth = (run: Run, style: TextStyle) => (run.arabic
    ? naskh[weightOf(style)].layout(logical(run)).advanceWidth * scale(style)
    : doc.font(HELVETICA[weightOf(style)]).fontSize(style.size).widthOfString(run.text));
  const lineWidth = (line: string, style: TextStyle) => runsOf(line).reduce((sum, run) => sum + runWidth(run, style), 0);

  const wrap = (paragraph: string, width: number, style: TextStyle): string[] => {
    const lines: string[] = [];
    for (const word of paragraph.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && lineWidth(`${last} ${word}`, style) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  };

  const drawArabic = (run: Run, left: number, baseline: number, width: number, style: TextStyle) => {
    const font = naskh[weightOf(style)];
    const { glyphs, positions } = font.layout(logical(run));
    const unit = scale(style);
    let pen = left;
    glyphs.forEach((glyph, i) => {
      doc.save().translate(pen + positions[i].xOffset * unit, baseline - positions[i].yOffset * unit).scale(unit, -unit)
        .path(glyph.path.toSVG()).fill(style.color).restore();
      pen += positions[i].xAdvance * unit;
    });
    doc.font(TEXT_LAYER.name).fontSize(style.size);
    const plain = doc.widthOfString(logical(run), { features: UNSHAPED });
    const options: ScaledText = {
      lineBreak: false, baseline: 'alphabetic', features: UNSHAPED, horizontalScaling: plain > 0 ? (width / plain) * 100 : 100,
    };
    doc.save().fillOpacity(0).text(logical(run), left, baseline, options).restore();
  };

  const drawLine = (line: string, top: number, box: TextBox, style: TextStyle) => {
    const runs = runsOf(line);
    const widths = runs.map((run) => runWidth(run, style));
    const total = widths.reduce((sum, width) => sum + width, 0);
    const boxLeft = pageWidth - box.x - box.width;
    const align = box.align ?? 'start';
    let left = align === 'start' ? boxLeft + box.width - total : align === 'end' ? boxLeft : boxLeft + (box.width - total) / 2;
    const baseline = top + naskh.regular.ascent * scale(style);
    const placed = runs.map((run, i) => {
      const at = left;
      left += widths[i];
      return { run, at, width: widths[i] };
    });
    // Drawn from the right, so that the text reads back in reading order.
    for (const { run, at, width } of placed.reverse()) {
      if (run.arabic) drawArabic(run, at, baseline, width, style);
      else {
        doc.font(HELVETICA[weightOf(style)]).fontSize(style.size).fillColor(style.color)
          .text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
    }
  };

  const lineHeight = (style: TextStyle) => (naskh.regular.ascent - naskh.regular.descent) * scale(style);
  return {
    text(content, y, box, style) {
      let top = y;
      for (const paragraph of content.split('\n')) {
        for (const line of wrap(paragraph, box.width, style)) {
          drawLine(line, top, box, style);
          top += lineHeight(style);
        }
      }
      return top;
    },
    rule(y, { x, width }, color) {
      doc.moveTo(pageWidth - x - width, y).lineTo(pageWidth - x, y).strokeColor(color).stroke();
    },
    lineHeight,
  };
}

/** An A4 document drawn by `draw`, answered as its bytes once pdfkit has written them. */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}
