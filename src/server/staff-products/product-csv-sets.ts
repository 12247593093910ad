import { SET_COMPONENT_ROLES, type SetComponentFields, type SetComponentRole } from '#contracts/instrument-sets';
import type { VariantRegulatoryFields } from '#contracts/regulatory';
import { formatBoolean, type CsvColumn } from './product-csv-columns.ts';

/*
 * The product CSV's columns for instrument sets and regulatory data (README.md, "Product CSV").
 *
 * Set Components, on a set variant's row: its components by catalogue number, separated by semicolons, each as
 * `quantity x catalogue number`, then in brackets its role when not standard (`optional`, `extra`, `alternative to
 * SS-2002`) and `container` for the tray:
 *   2 x SS-1001; 3 x SS-2002 (optional); 3 x SS-2005 (alternative to SS-2002); 1 x TR-10 (container)
 */
export const COMPONENT_SEPARATOR = ';';
const COMPONENT = /^(\d+)\s*[x×]\s*(.+?)\s*(?:\(([^)]*)\))?$/i;
const ALTERNATIVE = /^alternative\s+to\s+(.+)$/i;

/** A component as the cell names it: by catalogue number. */
export interface CellComponent {
  quantity: number;
  modelNumber: string;
  role: SetComponentRole;
  replaces: string | null;
  isContainer: boolean;
}

/** The cell's components, or the text of the first part that cannot be read. */
export function parseSetComponents(value: string): { components: CellComponent[] } | { unreadable: string } {
  const components: CellComponent[] = [];
  for (const part of value.split(COMPONENT_SEPARATOR).map((text) => text.trim()).filter(Boolean)) {
    const match = COMPONENT.exec(part);
    if (!match) return { unreadable: part };
    const component: CellComponent = { quantity: Number(match[1]), modelNumber: match[2], role: 'standard', replaces: null, isContainer: false };
    for (const tag of (match[3] ?? '').split(',').map((text) => text.trim()).filter(Boolean)) {
      const alternative = ALTERNATIVE.exec(tag);
      if (alternative) {
        component.role = 'alternative';
        component.replaces = alternative[1].trim();
      } else if (tag.toLowerCase() === 'container') {
        component.isContainer = true;
      } else if ((SET_COMPONENT_ROLES as readonly string[]).includes(tag.toLowerCase())) {
        component.role = tag.toLowerCase() as SetComponentRole;
      } else {
        return { unreadable: part };
      }
    }
    components.push(component);
  }
  return { components };
}

/** The cell for a set's components; `numberOf` gives each variant's catalogue number. */
export function formatSetComponents(components: readonly SetComponentFields[], numberOf: (variantId: number) => string): string {
  return components.map((component) => {
    const tags = [
      ...(component.role === 'alternative' && component.replaces_variant_id !== null ? [`alternative to ${numberOf(component.replaces_variant_id)}`]
        : component.role === 'standard' ? [] : [component.role]),
      ...(component.is_container ? ['container'] : []),
    ];
    return `${component.quantity} x ${numberOf(component.variant_id)}${tags.length ? ` (${tags.join(', ')})` : ''}`;
  }).join(`${COMPONENT_SEPARATOR} `);
}

/** Each regulatory field's column, on every variant's row. */
export const REGULATORY_COLUMNS = {
  gmdn_code: 'GMDN Code',
  sterility: 'Sterility',
  use: 'Device Use',
  mri_safety: 'MRI Safety',
  contains_latex: 'Contains Latex',
  direct_marking_di: 'Direct Marking DI',
  eifu_url: 'eIFU URL',
  eifu_version: 'eIFU Version',
  conformity_document_id: 'Conformity Document ID',
  certificate_document_id: 'Certificate Document ID',
} as const satisfies Record<keyof VariantRegulatoryFields, CsvColumn>;

/** A variant's regulatory cells; all empty for a variant without regulatory data. */
export function regulatoryCells(data: VariantRegulatoryFields | null | undefined): Partial<Record<CsvColumn, string>> {
  if (!data) return {};
  return Object.fromEntries(Object.entries(REGULATORY_COLUMNS).map(([field, column]) => {
    const value = data[field as keyof VariantRegulatoryFields];
    return [column, typeof value === 'boolean' ? formatBoolean(value) : value === null ? '' : String(value)];
  }));
}
