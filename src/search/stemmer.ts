/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), the original algorithm with the
 * published corrections (`bli` → `ble`, `logi` → `log`). Written here rather than taken from npm: it is a page of
 * code, and mcpns keeps its dependency list short. Input: one lower-case word of ASCII letters; anything else (digits,
 * other scripts) is returned unchanged, so a stem is always comparable with a stem of the same word.
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  const known = cache.get(word);
  if (known !== undefined) return known;
  if (cache.size >= CACHE_SIZE) cache.clear();
  const stemmed = porter(word);
  cache.set(word, stemmed);
  return stemmed;
}

// A catalog repeats a few thousand words; stemming each once keeps index builds linear and cheap.
const CACHE_SIZE = 50_000;
const cache = new Map<string, string>();

function porter(word: string): string {
  let w = word;
  w = step1a(w);
  w = step1b(w);
  w = step1c(w);
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  w = step4(w);
  w = step5(w);
  return w;
}

/** A letter is a consonant unless it is a vowel, or a `y` that follows a consonant. */
function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: how many vowel-consonant runs the stem has. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: consonant-vowel-consonant at the end, the last not w, x or y ("hop", not "snow"). */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3 || !isConsonant(w, n - 3) || isConsonant(w, n - 2) || !isConsonant(w, n - 1)) return false;
  const last = w[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) return measure(w.slice(0, -3)) > 0 ? w.slice(0, -1) : w;
  let base: string | undefined;
  if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) base = w.slice(0, -2);
  else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) base = w.slice(0, -3);
  if (base === undefined) return w;
  if (base.endsWith('at') || base.endsWith('bl') || base.endsWith('iz')) return base + 'e';
  if (endsDoubleConsonant(base) && !/[lsz]$/.test(base)) return base.slice(0, -1);
  if (measure(base) === 1 && endsCvc(base)) return base + 'e';
  return base;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w.slice(0, -1)) ? w.slice(0, -1) + 'i' : w;
}

const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

/** The longest listed suffix the word ends with is replaced when the stem's measure is over `minMeasure`. */
function replaceSuffix(w: string, rules: ReadonlyArray<readonly [string, string]>, minMeasure: number): string {
  let best: readonly [string, string] | undefined;
  for (const rule of rules) if (w.endsWith(rule[0]) && (!best || rule[0].length > best[0].length)) best = rule;
  if (!best) return w;
  const base = w.slice(0, -best[0].length);
  return measure(base) > minMeasure ? base + best[1] : w;
}

const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

function step4(w: string): string {
  let suffix: string | undefined;
  for (const candidate of STEP4) if (w.endsWith(candidate) && (!suffix || candidate.length > suffix.length)) suffix = candidate;
  if (!suffix) return w;
  const base = w.slice(0, -suffix.length);
  if (measure(base) <= 1) return w;
  if (suffix === 'ion' && !/[st]$/.test(base)) return w;
  return base;
}

function step5(w: string): string {
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  if (w.endsWith('ll') && measure(w) > 1) w = w.slice(0, -1);
  return w;
}
