import type { PakistanProvince } from '#contracts/shipping';

/**
 * The cities a zone of Pakistan's provinces (PAKISTAN_PROVINCES) recognises
 * (the larger ones, keyed as `normalCity` writes them). A city not listed belongs to no province: only a zone of
 * cities or of the whole country covers it.
 */
const CITIES: Record<PakistanProvince, readonly string[]> = {
  'PK-BA': ['quetta', 'gwadar', 'turbat', 'khuzdar', 'hub'],
  'PK-GB': ['gilgit', 'skardu', 'hunza'],
  'PK-IS': ['islamabad'],
  'PK-JK': ['muzaffarabad', 'mirpur', 'rawalakot', 'kotli'],
  'PK-KP': ['peshawar', 'mardan', 'abbottabad', 'swat', 'mingora', 'kohat', 'dera ismail khan', 'bannu', 'mansehra'],
  'PK-PB': [
    'lahore', 'faisalabad', 'rawalpindi', 'multan', 'gujranwala', 'sialkot', 'bahawalpur', 'sargodha', 'sheikhupura',
    'jhang', 'rahim yar khan', 'gujrat', 'sahiwal', 'okara', 'wah cantonment', 'dera ghazi khan', 'kasur', 'chiniot',
  ],
  'PK-SD': ['karachi', 'hyderabad', 'sukkur', 'larkana', 'nawabshah', 'mirpur khas', 'jacobabad', 'thatta'],
};

const provinceByCity = new Map<string, PakistanProvince>(
  Object.entries(CITIES).flatMap(([province, cities]) => cities.map((city) => [city, province as PakistanProvince])),
);

/** 'Dera  Ismail Khan ' → 'dera ismail khan': how cities are compared. */
export const normalCity = (city: string): string => city.trim().replace(/\s+/g, ' ').toLowerCase();

export const pakistanProvinceOf = (city: string): PakistanProvince | null => provinceByCity.get(normalCity(city)) ?? null;
