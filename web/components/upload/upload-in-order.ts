/**
 * Runs `work` over the items, at most `concurrency` at a time, and answers the results in the
 * items' order whatever order they finish in. After the first failure no new item starts; the
 * ones running finish, then that failure is thrown.
 */
export async function mapInOrder<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const failures: unknown[] = [];
  let next = 0;

  async function worker(): Promise<void> {
    while (failures.length === 0 && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failures.push(error);
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failures.length) throw failures[0];
  return results;
}
