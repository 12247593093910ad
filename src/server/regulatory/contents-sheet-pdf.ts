import { BODY, documentHeader, HEADING, isoDate, MUTED, PAGE, SHOP } from '../lib/pdf-layout.ts';
import { leftToRightWriter, renderPdf, rightToLeftWriter, type TextBox, type TextStyle } from '../lib/pdf-writer.ts';
import type { Texts } from '../lib/texts.ts';
import type { ContentsSheet, SheetComponent } from './contents-sheet.ts';

const MARGIN = 50;
/** Where the set's own details start, under the seller and the sheet's numbers. */
const SET_TOP = 150;
/** A row starting below this line goes on the next page: A4 is 841.89 points tall, and a row may take three lines. */
const LAST_ROW_TOP = 750;
const RULE = '#d1d5db';
const INK = '#1f2937';
const CELL: TextStyle = { size: 9, color: INK };
const TABLE: TextBox = { x: MARGIN, width: 495 };
/** Catalogue number, component, size, quantity, UDI-DI, its part in the set; from the page's starting edge. */
const COLUMNS: TextBox[] = [
  { x: 50, width: 70 },
  { x: 124, width: 140 },
  { x: 268, width: 64 },
  { x: 334, width: 26, align: 'end' },
  { x: 366, width: 86 },
  { x: 456, width: 89 },
];

function roleText(component: SheetComponent, texts: Texts): string {
  const t = texts.invoice;
  const role = t(`contentsRole_${component.role}`, { number: component.replaces ?? '' });
  return component.isContainer ? `${role}\n${t('contentsContainer')}` : role;
}

/** The set's contents sheet as a PDF in the reader's language: the set and its UDI-DI, then each component with its own. */
export function renderContentsSheet(sheet: ContentsSheet, texts: Texts, now = new Date()): Promise<Buffer> {
  const t = texts.invoice;
  const { set } = sheet;
  const title = t('contentsDocumentTitle', { number: set.modelNumber });
  return renderPdf({ margin: MARGIN, lang: texts.language, info: { Title: title, Author: SHOP, Creator: SHOP, Producer: SHOP } }, (doc) => {
    const write = texts.direction === 'rtl' ? rightToLeftWriter(doc) : leftToRightWriter(doc);
    documentHeader(write, {}, texts, t('contentsTitle'), [
      t('contentsCatalogueNumber', { number: set.modelNumber }),
      set.gtin ? t('contentsUdiDi', { number: set.gtin }) : t('contentsUdiDiNone'),
      t('contentsIssued', { day: texts.day(isoDate(now)) }),
    ]);

    let y = write.text([set.name, set.size].filter(Boolean).join(' · '), SET_TOP, PAGE, { weight: 'bold', size: 14, color: INK });
    const standard = sheet.components.filter((component) => component.role === 'standard' || component.role === 'optional')
      .reduce((sum, component) => sum + component.quantity, 0);
    y = write.text([
      t('contentsBrand', { name: set.brand }),
      t('contentsStandardCount', { number: texts.number(standard) }),
    ].join('\n'), y + 2, PAGE, BODY);

    y += write.lineHeight(BODY);
    y = write.text(t('contentsProcedurePackHeading'), y, PAGE, HEADING);
    y = write.text(t('contentsProcedurePack'), y, PAGE, { size: 9, color: MUTED });

    y += write.lineHeight(BODY);
    y = write.text(t('contentsComponents'), y, PAGE, HEADING) + 2;
    const header = [
      t('contentsColumnCatalogue'), t('contentsColumnName'), t('contentsColumnSize'), t('columnQuantity'), t('contentsColumnUdiDi'), t('contentsColumnRole'),
    ];
    const row = (cells: string[], top: number, bold = false) =>
      Math.max(...cells.map((cell, i) => write.text(cell, top, COLUMNS[i], { ...CELL, weight: bold ? 'bold' : 'regular' }))) + 4;
    const heading = (top: number) => {
      const bottom = row(header, top, true);
      write.rule(bottom - 2, TABLE, RULE);
      return bottom;
    };
    y = heading(y);
    for (const component of sheet.components) {
      if (y > LAST_ROW_TOP) {
        doc.addPage();
        y = heading(MARGIN);
      }
      y = row([
        component.modelNumber, component.name, component.size, texts.number(component.quantity),
        component.gtin ?? t('contentsNotAssigned'), roleText(component, texts),
      ], y);
    }
    write.rule(y, TABLE, RULE);
  });
}
