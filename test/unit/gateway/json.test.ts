import { describe, expect, it } from 'vitest';
import { jsonObject } from '../../../src/gateway/json.js';

describe('jsonObject: a client answer checked, not cast', () => {
  it('passes a plain object on with its keys', () => {
    expect(jsonObject({ action: 'accept', content: { a: 1 } }, 'the answer')).toEqual({ action: 'accept', content: { a: 1 } });
  });

  it('refuses what is not an object, naming what it was', () => {
    for (const value of [[], 'text', 3, null, undefined]) {
      expect(() => jsonObject(value, "the client's answer to sampling/createMessage")).toThrow(
        /the client's answer to sampling\/createMessage is not a JSON object/,
      );
    }
  });
});
