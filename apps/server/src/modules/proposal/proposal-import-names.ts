// The names an import row gives for its road, village and consultant, matched to the active master records
// as a clerk writes them: any case and spacing, 'Jl.'/'Jln.' for 'Jalan', 'Kel.'/'Kelurahan' before a
// village and 'Kec.'/'Kecamatan' before its kecamatan; and, for a name that matches none, the closest records
// to suggest, by pg_trgm's trigram similarity over the lists the import has loaded.
import type { ImportLookups } from './proposal-import.ts';
import { normalise } from './proposal-import-cells.ts';

export type NameKind = 'road' | 'village' | 'consultant';

/** What a cell's name matched: one record, several (their labels, as the template lists them), or none. */
export type NameMatch =
  | { found: 'one'; id: number }
  | { found: 'several'; labels: string[]; hasTwins: boolean }
  | { found: 'none' };

/** How the template writes a village and a consultant, so a dropdown choice reads back unambiguously. */
export const villageLabel = (village: { name: string; subdistrict: string }) =>
  `${village.name} - ${village.subdistrict}`;
export const consultantLabel = (consultant: { code: string; name: string }) =>
  `${consultant.code} - ${consultant.name}`;

// A prefix followed by a dot, spaces or both ('Jl.Darmo', 'Jl. Darmo', 'Jl Darmo'), never a word that merely
// begins with it ('Jalanan').
const ROAD_PREFIX = /^(?:jalan|jln|jl)(?:\.\s*|\s+)/;
const VILLAGE_PREFIX = /^(?:kelurahan|kel)(?:\.\s*|\s+)/;
const SUBDISTRICT_PREFIX = /^(?:kecamatan|kec)(?:\.\s*|\s+)/;

/** A road's name as it compares: lower case, 'Jl.'/'Jln.' written 'jalan'. */
const roadKey = (text: string) => normalise(text).replace(ROAD_PREFIX, 'jalan ');

/** A village's name or 'Nama - Kecamatan' label as it compares: lower case, without 'Kel.' and 'Kec.'. */
function villageKey(text: string): string {
  const [name = '', ...subdistrict] = normalise(text).split(' - ');
  const key = name.replace(VILLAGE_PREFIX, '');
  return subdistrict.length ? `${key} - ${subdistrict.join(' - ').replace(SUBDISTRICT_PREFIX, '')}` : key;
}

/** The text a name is compared by for each kind; a consultant's code and name have no prefixes. */
const NAME_KEYS: Record<NameKind, (text: string) => string> = {
  road: roadKey,
  village: villageKey,
  consultant: normalise,
};

/**
 * A matcher over one master list: a name written exactly (in any case and spacing) wins, so two records
 * that differ only by 'Jl.' against 'Jalan' are still told apart; otherwise the name's key decides.
 */
function matcher<T extends { id: number }>(
  items: T[],
  names: (item: T) => string[],
  key: (text: string) => string,
  label: (item: T) => string,
) {
  const exact = new Map<string, T[]>();
  const byKey = new Map<string, T[]>();
  const add = (index: Map<string, T[]>, text: string, item: T) => {
    const found = index.get(text);
    if (!found) index.set(text, [item]);
    else if (!found.includes(item)) found.push(item);
  };
  for (const item of items) {
    for (const name of names(item)) {
      add(exact, normalise(name), item);
      add(byKey, key(name), item);
    }
  }
  return (text: string): NameMatch => {
    const found = exact.get(normalise(text)) ?? byKey.get(key(text)) ?? [];
    const [first] = found;
    if (!first) return { found: 'none' };
    if (found.length === 1) return { found: 'one', id: first.id };
    const labels = [...new Set(found.map(label))];
    return { found: 'several', labels, hasTwins: labels.length < found.length };
  };
}

/** One matcher per kind over the lookups loaded for an import. */
export function nameMatchers(lookups: ImportLookups): Record<NameKind, (text: string) => NameMatch> {
  return {
    road: matcher(
      lookups.roads,
      (road) => [road.name],
      roadKey,
      (road) => road.name,
    ),
    village: matcher(
      lookups.villages,
      (village) => [villageLabel(village), village.name],
      villageKey,
      villageLabel,
    ),
    consultant: matcher(
      lookups.consultants,
      (consultant) => [consultantLabel(consultant), consultant.code, consultant.name],
      normalise,
      consultantLabel,
    ),
  };
}

/** How many closest records a refused name suggests. */
const SUGGESTIONS_PER_NAME = 3;
/** The least similarity of a suggestion: pg_trgm's own default limit for similar texts. */
const SIMILAR_ENOUGH = 0.3;
const NO_TRIGRAMS = new Set<string>();
/**
 * Names per list that get suggestions: enough for a clerk's slips; a file with more unknown names has a
 * wrong column or list, and every further name costs a pass over the whole list.
 */
export const MAX_SUGGESTED_NAMES = 100;

/** pg_trgm's trigrams: each word (letters and digits) in lower case, two spaces before it and one after. */
function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index++) found.add(padded.slice(index, index + 3));
  }
  return found;
}

/** pg_trgm's similarity: the trigrams two texts share, of all the trigrams either has. */
function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared++;
  return shared === 0 ? 0 : shared / (a.size + b.size - shared);
}

/**
 * The texts a record and a name are compared by, in pairs, the best pair counting: a road without its
 * 'Jalan' (which every road shares, and which would make every 'Jalan Raya …' close to every other); a
 * village by name, and by 'Nama - Kecamatan' when the name gives its kecamatan; a consultant by code, name
 * or 'KODE - Nama'.
 */
const COMPARED: Record<NameKind, (key: string) => string[]> = {
  road: (key) => [key.replace(ROAD_PREFIX, '')],
  village: (key) => [key.split(' - ')[0] ?? key, key],
  consultant: (key) => [key, key, key],
};

/**
 * The closest records to a name that matches none, best first, as the template writes them. Over the lists
 * the import has already loaded, not in SQL: the trigram indexes would be reached only through pg_trgm's `%`
 * operator, which on PGlite with btree_gin loaded returns no rows and then spins on the next statement;
 * without them the database would compare every record too, inside PGlite's one session (5 s for 100 names
 * against 5,000 roads, every other request waiting), where here it takes milliseconds and the same keys as
 * the matching. Each list is prepared at its first unknown name; each name is looked up once.
 */
export function nameSuggester(lookups: ImportLookups) {
  const records: Record<NameKind, () => { label: string; texts: string[] }[]> = {
    road: () => lookups.roads.map((road) => ({ label: road.name, texts: COMPARED.road(roadKey(road.name)) })),
    village: () =>
      lookups.villages.map((village) => ({
        label: villageLabel(village),
        texts: COMPARED.village(villageKey(villageLabel(village))),
      })),
    consultant: () =>
      lookups.consultants.map((consultant) => ({
        label: consultantLabel(consultant),
        texts: [consultant.code, consultant.name, consultantLabel(consultant)].map(normalise),
      })),
  };
  const prepared = new Map<NameKind, { label: string; trigrams: Set<string>[] }[]>();
  const asked = { road: new Map(), village: new Map(), consultant: new Map() } as Record<
    NameKind,
    Map<string, string[]>
  >;
  return (kind: NameKind, text: string): string[] => {
    const key = NAME_KEYS[kind](text);
    const known = asked[kind].get(key);
    if (known) return known;
    if (asked[kind].size >= MAX_SUGGESTED_NAMES) return [];
    let list = prepared.get(kind);
    if (!list) {
      list = records[kind]().map((record) => ({ label: record.label, trigrams: record.texts.map(trigrams) }));
      prepared.set(kind, list);
    }
    const wanted = COMPARED[kind](key).map(trigrams);
    const similar: { label: string; score: number }[] = [];
    for (const record of list) {
      let score = 0;
      record.trigrams.forEach((own, index) => {
        score = Math.max(score, similarity(own, wanted[index] ?? NO_TRIGRAMS));
      });
      if (score >= SIMILAR_ENOUGH) similar.push({ label: record.label, score });
    }
    similar.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
    const closest = [...new Set(similar.slice(0, SUGGESTIONS_PER_NAME).map((record) => record.label))];
    asked[kind].set(key, closest);
    return closest;
  };
}

/** A refused value in a message, cut to a readable length. */
export function quoted(text: string): string {
  const characters = [...text];
  return `"${characters.length > 60 ? `${characters.slice(0, 60).join('')}…` : text}"`;
}

/** "a", "b" atau "c". */
function oneOf(labels: string[]): string {
  const texts = labels.map(quoted);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} atau ${texts.at(-1)}` : (texts[0] ?? '');
}

const NAME_TEXTS: Record<NameKind, { what: string; several: string }> = {
  road: { what: 'Jalan', several: 'cocok dengan lebih dari satu jalan' },
  village: { what: 'Kelurahan', several: 'ada di lebih dari satu kecamatan' },
  consultant: { what: 'Konsultan', several: 'cocok dengan lebih dari satu konsultan' },
};

/** Why a name was refused, with the records it could mean. */
export function nameMessage(kind: NameKind, text: string, match: NameMatch, closest: string[]): string {
  const { what, several } = NAME_TEXTS[kind];
  if (match.found === 'several') {
    return match.hasTwins
      ? `${what} ${quoted(text)} tercatat lebih dari sekali dengan nama yang sama (${oneOf(match.labels)}); minta admin menonaktifkan yang ganda.`
      : `${what} ${quoted(text)} ${several}: ${oneOf(match.labels)}. Tulis salah satunya atau pilih dari daftar.`;
  }
  return closest.length
    ? `${what} ${quoted(text)} tidak ditemukan atau tidak aktif. Mungkin maksudnya ${oneOf(closest)}?`
    : `${what} ${quoted(text)} tidak ditemukan atau tidak aktif; pilih dari daftar pada template.`;
}
