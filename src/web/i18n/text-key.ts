import type { CustomTypeOptions } from 'i18next';

type Catalogues = CustomTypeOptions['resources'];
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A key of one namespace's catalogue (a plural once, without its form), for labels kept in constants. */
export type TextKey<Namespace extends keyof Catalogues> = keyof Catalogues[Namespace] extends infer Key
  ? Key extends `${infer Base}_${PluralForm}` ? Base : Key & string
  : never;
