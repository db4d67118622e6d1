/**
 * `record[key]` only when it is the record's own property. Names come from configs and servers, and a server may
 * be called "constructor" or "__proto__": a plain lookup would find Object.prototype's members instead.
 */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Set `target[key] = value` as an own, ordinary data property. Assignment would treat a "__proto__" key as the
 * object's prototype (the key silently disappears); defining it keeps every name a name.
 */
export function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
