/** An order line as the staff order detail gives it to the edit panel. */
export interface OrderEditLine {
  order_item_id: number;
  name: string;
  /** '18 cm · Curved'; '' for a product without options. */
  variant_label: string;
  quantity: number;
}

/** 'Mayo Scissors — 18 cm · Curved', or the name alone (as the shop's mail names a line). */
export const lineLabel = (line: OrderEditLine) => (line.variant_label ? `${line.name} — ${line.variant_label}` : line.name);
