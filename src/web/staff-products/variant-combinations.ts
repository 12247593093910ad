/** Option names and their values, in the editor's order. */
export interface OptionValues {
  name: string;
  values: string[];
}

type Choice = Record<string, string>;

/** Every choice of one value per option, the first option varying slowest: 14 cm/Straight, 14 cm/Curved, 18 cm/Straight… */
export function combinations(options: readonly OptionValues[]): Choice[] {
  return options.reduce<Choice[]>(
    (choices, option) => choices.flatMap((choice) => option.values.map((value) => ({ ...choice, [option.name]: value }))),
    [{}],
  );
}

/** Whether `variant` has exactly the values of `choice`, or (`partly`) no other value for any of its options. */
const fits = (variant: Choice, choice: Choice, partly: boolean) =>
  Object.entries(choice).every(([name, value]) => variant[name] === value || (partly && variant[name] === undefined));

/**
 * The variants for every combination of the options. An existing variant is kept (with its id, prices and stock) for
 * the combination whose values it has, or for the first it does not contradict when an option was added or removed;
 * the combinations left get a `blank` variant. Existing variants whose values no longer exist are left out.
 */
export function generateVariants<Variant extends { options: Choice }>(
  options: readonly OptionValues[],
  existing: readonly Variant[],
  blank: (options: Choice) => Variant,
): Variant[] {
  const wanted = combinations(options);
  const found = new Map<number, Variant>();
  const free = new Set(existing);
  for (const partly of [false, true]) {
    wanted.forEach((choice, index) => {
      if (found.has(index)) return;
      const match = [...free].find((variant) => fits(variant.options, choice, partly));
      if (!match) return;
      free.delete(match);
      found.set(index, match);
    });
  }
  return wanted.map((choice, index) => {
    const kept = found.get(index);
    return kept ? { ...kept, options: choice } : blank(choice);
  });
}

/**
 * Whether the variants fit the options: each names one of the values of every option and nothing else, and no two the
 * same values. A product need not sell every combination.
 */
export function fitOptions(options: readonly OptionValues[], variants: readonly { options: Choice }[]): boolean {
  const seen = new Set<string>();
  return variants.length > 0 && variants.every((variant) => {
    const names = Object.keys(variant.options);
    const key = JSON.stringify(options.map((option) => variant.options[option.name]));
    const fits = names.length === options.length && options.every((option) => option.values.includes(variant.options[option.name] ?? ''));
    if (!fits || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
