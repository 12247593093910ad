import type { TFunction } from 'i18next';
import type { HandlingFlag } from '#contracts/lots';

export const flagLabel = (t: TFunction<'lots'>, flag: HandlingFlag) => t(flag);
