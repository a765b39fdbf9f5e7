/** Whether parsed JSON is an object whose named fields are all strings: what the client checks of the few answers it reads outside the typed requests. */
export function hasStrings<K extends string>(value: unknown, ...keys: K[]): value is Record<K, string> {
  return typeof value === 'object' && value !== null && keys.every((key) => typeof Reflect.get(value, key) === 'string');
}
