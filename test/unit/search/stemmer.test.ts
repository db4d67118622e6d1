import { describe, expect, it } from 'vitest';
import { stem } from '../../../src/search/stemmer.js';

// Pairs from M. F. Porter's paper, "An algorithm for suffix stripping" (1980), steps 1–5.
const PORTER: Array<[string, string]> = [
  ['caresses', 'caress'],
  ['ponies', 'poni'],
  ['ties', 'ti'],
  ['caress', 'caress'],
  ['cats', 'cat'],
  ['feed', 'feed'],
  ['agreed', 'agre'],
  ['plastered', 'plaster'],
  ['bled', 'bled'],
  ['motoring', 'motor'],
  ['sing', 'sing'],
  ['conflated', 'conflat'],
  ['troubled', 'troubl'],
  ['sized', 'size'],
  ['hopping', 'hop'],
  ['tanned', 'tan'],
  ['falling', 'fall'],
  ['hissing', 'hiss'],
  ['fizzed', 'fizz'],
  ['failing', 'fail'],
  ['filing', 'file'],
  ['happy', 'happi'],
  ['sky', 'sky'],
  ['relational', 'relat'],
  ['conditional', 'condit'],
  ['rational', 'ration'],
  ['digitizer', 'digit'],
  ['radically', 'radic'],
  ['differently', 'differ'],
  ['vietnamization', 'vietnam'],
  ['predication', 'predic'],
  ['operator', 'oper'],
  ['feudalism', 'feudal'],
  ['decisiveness', 'decis'],
  ['hopefulness', 'hope'],
  ['callousness', 'callous'],
  ['formality', 'formal'],
  ['sensitivity', 'sensit'],
  ['sensibility', 'sensibl'],
  ['triplicate', 'triplic'],
  ['formative', 'form'],
  ['formalize', 'formal'],
  ['electricity', 'electr'],
  ['electrical', 'electr'],
  ['hopeful', 'hope'],
  ['goodness', 'good'],
  ['revival', 'reviv'],
  ['allowance', 'allow'],
  ['inference', 'infer'],
  ['airliner', 'airlin'],
  ['gyroscopic', 'gyroscop'],
  ['adjustable', 'adjust'],
  ['defensible', 'defens'],
  ['irritant', 'irrit'],
  ['replacement', 'replac'],
  ['adjustment', 'adjust'],
  ['dependent', 'depend'],
  ['adoption', 'adopt'],
  ['homologous', 'homolog'],
  ['communism', 'commun'],
  ['activate', 'activ'],
  ['angularity', 'angular'],
  ['effective', 'effect'],
  ['bowdlerize', 'bowdler'],
  ['probate', 'probat'],
  ['rate', 'rate'],
  ['cease', 'ceas'],
  ['controlling', 'control'],
  ['roll', 'roll'],
  ['generalizations', 'gener'],
  ['oscillators', 'oscil'],
];

describe('stem (Porter)', () => {
  it.each(PORTER)('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('brings the forms of tool words together', () => {
    expect(new Set(['delete', 'deletes', 'deleted', 'deleting'].map(stem)).size).toBe(1);
    expect(new Set(['repository', 'repositories'].map(stem)).size).toBe(1);
    expect(stem('issues')).toBe(stem('issue'));
  });

  it('leaves short words, digits and other scripts alone', () => {
    expect(stem('pr')).toBe('pr');
    expect(stem('42')).toBe('42');
    expect(stem('файлы')).toBe('файлы');
  });
});
