import type { SetChoice } from '#contracts/set-sales';
import { standardComponents, type SetComponentRow } from './set-composition.ts';

/** What one set holds: [{ variant_id, quantity }] per set. */
export type SetContents = { variant_id: number; quantity: number }[];

export interface ResolvedSetChoice {
  contents: SetContents;
  /** '' for the standard set; otherwise the same string for the same customisation, however it was written. */
  key: string;
}

const isEmpty = (choice: SetChoice) => choice.remove.length === 0 && choice.add.length === 0 && choice.swap.length === 0;

const duplicates = (ids: number[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

/**
 * The set's contents after a buyer's choice, within its rules: only optional components come out, only extras go in,
 * and a standard or optional component is swapped only for one of its own alternatives. Problems by field, or the
 * contents in the set's own order with the choice's canonical key.
 */
export function resolveSetChoice(rows: readonly SetComponentRow[], choice: SetChoice): { problems: Record<string, string[]> } | ResolvedSetChoice {
  const row = (id: number) => rows.find((r) => r.componentVariantId === id);
  const problems: Record<string, string[]> = {};
  const problem = (field: string, message: string) => { problems[field] = [...(problems[field] ?? []), message]; };
  for (const id of new Set(choice.remove)) {
    if (row(id)?.role !== 'optional') problem('set_choice.remove', `Component ${id} is not an optional part of this set.`);
  }
  for (const id of new Set(choice.add)) {
    if (row(id)?.role !== 'extra') problem('set_choice.add', `Component ${id} is not an extra this set may take.`);
  }
  for (const { from, to } of choice.swap) {
    const alternative = row(to);
    if (alternative?.role !== 'alternative' || alternative.replacesVariantId !== from) {
      problem('set_choice.swap', `Component ${to} is not an alternative to component ${from} in this set.`);
    } else if (choice.remove.includes(from)) {
      problem('set_choice.swap', `Component ${from} cannot be both removed and swapped.`);
    }
  }
  const twice = duplicates([...choice.remove, ...choice.add, ...choice.swap.flatMap((swap) => [swap.from, swap.to])]);
  if (twice.length) problem('set_choice', `Each component may be chosen once: ${[...new Set(twice)].join(', ')}.`);
  if (Object.keys(problems).length) return { problems };
  if (isEmpty(choice)) return { contents: standardComponents(rows), key: '' };

  const removed = new Set(choice.remove);
  const swapped = new Map(choice.swap.map((swap) => [swap.from, swap.to]));
  const added = new Set(choice.add);
  const contents: SetContents = [];
  for (const r of rows) {
    const id = r.componentVariantId;
    const standard = r.role === 'standard' || r.role === 'optional';
    const inSet = (standard && !removed.has(id) && !swapped.has(id)) || added.has(id) || [...swapped.values()].includes(id);
    if (inSet) contents.push({ variant_id: id, quantity: r.quantity });
  }
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  const key = [
    choice.remove.length ? `-${sorted(choice.remove)}` : '',
    choice.add.length ? `+${sorted(choice.add)}` : '',
    choice.swap.length ? `~${[...choice.swap].sort((a, b) => a.from - b.from).map((swap) => `${swap.from}>${swap.to}`).join(',')}` : '',
  ].filter(Boolean).join(';');
  return { contents, key };
}

/**
 * What a set's contents change its price by: the list price of what it holds less that of the standard set, per set.
 * So removed optional components come off, extras are added, and an alternative costs its price less the replaced one.
 */
export function contentsPriceDeltaCents(
  rows: readonly SetComponentRow[], contents: SetContents, listPriceCents: ReadonlyMap<number, number>,
): number {
  const value = (parts: SetContents) => parts.reduce((sum, part) => sum + (listPriceCents.get(part.variant_id) ?? 0) * part.quantity, 0);
  return value(contents) - value(standardComponents(rows));
}
