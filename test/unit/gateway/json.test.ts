import { describe, expect, it } from 'vitest';
import { jsonBodyMessages, jsonObject } from '../../../src/gateway/json.js';

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

describe('jsonBodyMessages: the messages of an application/json answer', () => {
  it('reads one value, an array, or one value per line (blank lines and CRLF allowed)', () => {
    expect(jsonBodyMessages('{"id":1}')).toEqual([{ id: 1 }]);
    expect(jsonBodyMessages('{\n  "id": 1\n}\n')).toEqual([{ id: 1 }]);
    expect(jsonBodyMessages('[{"id":1},{"id":2}]')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(jsonBodyMessages('{"method":"notifications/progress"}\n\n{"id":1}')).toEqual([{ method: 'notifications/progress' }, { id: 1 }]);
    expect(jsonBodyMessages('{"method":"a"}\r\n{"id":1}\r\n')).toEqual([{ method: 'a' }, { id: 1 }]);
  });

  it('is undefined when any line is not JSON (nothing half-read is passed on)', () => {
    expect(jsonBodyMessages('')).toBeUndefined();
    expect(jsonBodyMessages('not json')).toBeUndefined();
    expect(jsonBodyMessages('{"id":1}\n{"id":')).toBeUndefined();
    expect(jsonBodyMessages('{"id":1}{"id":2}')).toBeUndefined();
  });
});
