import { LIVE_TOPICS } from '@mealprep/contracts/browser';
import { describe, expect, it } from 'vitest';
import { liveTopicKey, queryKeys } from '../query-keys';

/** Every key a group makes, with sample arguments. */
const keysOf = (group: Record<string, unknown>) =>
  Object.values(group).map((key) => (typeof key === 'function' ? (key as (...args: string[]) => readonly unknown[])('a', 'b') : (key as readonly unknown[])));

describe('query keys shared by the shell and the remotes', () => {
  it('when a live topic changes, then the key the shell refreshes is the first part of every key of that data', () => {
    const byTopic = { services: queryKeys.services, 'meal-types': queryKeys.mealTypes, regions: queryKeys.regions, articles: queryKeys.articles, banners: queryKeys.banners, leads: queryKeys.leads };
    expect(Object.keys(byTopic).sort()).toEqual([...LIVE_TOPICS].sort());
    for (const [topic, group] of Object.entries(byTopic)) {
      const refreshed = liveTopicKey(topic as keyof typeof byTopic);
      for (const key of keysOf(group)) expect(key.slice(0, refreshed.length)).toEqual(refreshed);
    }
  });

  it('when the signed-in person leaves, then dropping the auth keys drops the session, the admin flag and login links, and nothing of the catalogue', () => {
    for (const key of keysOf(queryKeys.auth)) expect(key[0]).toBe(queryKeys.auth.all[0]);
    for (const topic of LIVE_TOPICS) expect(topic).not.toBe(queryKeys.auth.all[0]);
  });

  it('when two apps read the same list, then they name it alike (the meal types: public pages, owner form, admin filters)', () => {
    expect(queryKeys.mealTypes.list).toEqual(['meal-types', 'list']);
    expect(queryKeys.services.list({ page: '2' })).toEqual(queryKeys.services.list({ page: '2' }));
    expect(queryKeys.services.list({ page: '2' })).not.toEqual(queryKeys.services.list({ page: '3' }));
  });
});
