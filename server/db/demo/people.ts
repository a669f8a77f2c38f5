/** Names and fixed accounts of the demo. All invented. */

export const DEMO_PASSWORD = 'Welkom123';

export const FIRST_NAMES: readonly string[] = [
  'Daan',
  'Sem',
  'Lucas',
  'Finn',
  'Levi',
  'Milan',
  'Noah',
  'Bram',
  'Thijs',
  'Jesse',
  'Ruben',
  'Luuk',
  'Mees',
  'Siem',
  'Julian',
  'Stijn',
  'Tijn',
  'Gijs',
  'Jayden',
  'Mohammed',
  'Yusuf',
  'Adam',
  'Ilias',
  'Omar',
  'Emma',
  'Julia',
  'Mila',
  'Tess',
  'Sophie',
  'Zoë',
  'Sara',
  'Anna',
  'Evi',
  'Noor',
  'Lotte',
  'Fleur',
  'Lieke',
  'Nina',
  'Yara',
  'Liv',
  'Saar',
  'Roos',
  'Fenna',
  'Isa',
  'Amira',
  'Aya',
  'Hiba',
  'Elif',
  'Esra',
  'Priya',
  'Kevin',
  'Dylan',
  'Romy',
  'Jasmijn',
  'Mats',
  'Hugo',
  'Sven',
  'Femke',
  'Maud',
  'Jade',
];

export const LAST_NAMES: readonly string[] = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
  'van der Meer',
  'van der Linden',
  'Kok',
  'Jacobs',
  'de Haan',
  'Vermeulen',
  'van den Heuvel',
  'van der Veen',
  'van den Broek',
  'de Bruijn',
  'Schouten',
  'van Beek',
  'Willems',
  'Hoekstra',
  'Koster',
  'Prins',
  'Yilmaz',
  'El Idrissi',
  'Kaya',
  'Bouzid',
  'Demir',
  'Nguyen',
  'Pinas',
  'Ramdin',
  'Öztürk',
  'Wijaya',
];

/** lowercase ascii without spaces or accents: 'van den Berg' -> 'vandenberg', 'Zoë' -> 'zoe'. */
export function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export interface TeacherSource {
  email: string;
  name: string;
  /** 1 = Het Baken, 2 = De Linde. */
  organisations: readonly number[];
  /** Has the demo password (otherwise password_hash NULL). */
  canLogin?: boolean;
  study_level?: string;
  /** Membership set inactive about two months ago. */
  inactive?: boolean;
  /** Invited but never signed in. */
  invitedOnly?: boolean;
}

/** Teachers in id order: docent = 1, collega = 2, then (after the student leerling = 3) ids 4 and up. */
export const DOCENT: TeacherSource = {
  email: 'docent@demoschool.nl',
  name: 'Sanne de Vries',
  organisations: [1, 2],
  canLogin: true,
  study_level: 'kader',
};
export const COLLEGA: TeacherSource = {
  email: 'collega@demoschool.nl',
  name: 'Ahmed El Amrani',
  organisations: [1],
  canLogin: true,
  study_level: 'gl-tl',
};
export const LEERLING = { email: 'leerling@demoschool.nl', name: 'Daan Jansen', study_level: 'basis' } as const;

export const OTHER_TEACHERS: readonly TeacherSource[] = [
  { email: 'l.bakker@hetbaken.nl', name: 'Lotte Bakker', organisations: [1] },
  { email: 'm.bouzid@hetbaken.nl', name: 'Mohamed Bouzid', organisations: [1] },
  { email: 'e.visser@hetbaken.nl', name: 'Eva Visser', organisations: [1] },
  { email: 'j.smit@hetbaken.nl', name: 'Joris Smit', organisations: [1] },
  { email: 'f.yilmaz@hetbaken.nl', name: 'Fatma Yilmaz', organisations: [1], inactive: true },
  { email: 'r.dekker@hetbaken.nl', name: '', organisations: [1], invitedOnly: true },
  { email: 'k.mulder@delinde.nl', name: 'Kees Mulder', organisations: [2] },
  { email: 'i.deboer@delinde.nl', name: 'Ilse de Boer', organisations: [2] },
  { email: 'r.martins@delinde.nl', name: 'Ricardo Martins', organisations: [2] },
];
