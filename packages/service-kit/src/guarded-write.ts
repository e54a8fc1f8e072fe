/** How often a version-guarded write is tried in all before it gives up. */
export const GUARDED_WRITE_TRIES = 30;

/** What a try answers when another writer came between its read and its write. */
export const LOST_RACE: unique symbol = Symbol('another writer came between the read and the write');

/**
 * The one loop of every version-guarded write (a listing, a review, an imported row, a keyed
 * record): `tryOnce` reads what it changes, decides from it, and writes only at the version it read
 * (a compare-and-set), answering LOST_RACE when the write found another version; it is then run
 * again after a short random wait that grows (twenty writers of one record at once all get
 * through). After GUARDED_WRITE_TRIES lost tries the answer is `exhausted()`'s (which may throw).
 */
export async function untilWritten<T>(tryOnce: (tryNumber: number) => Promise<T | typeof LOST_RACE>, exhausted: () => T): Promise<T> {
  for (let tryNumber = 0; tryNumber < GUARDED_WRITE_TRIES; tryNumber += 1) {
    if (tryNumber > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * tryNumber));
    const answer = await tryOnce(tryNumber);
    if (answer !== LOST_RACE) return answer;
  }
  return exhausted();
}
