import { EDIT_NOT_FOUND_MESSAGE } from '@mealprep/contracts';
import { managedBy } from './listing-access';
import { person, staff, thrown } from '../../testing/builders';

const ownedBy = (ownerUserId: string | null) => ({ id: 'listing-1', ownerUserId });

describe('who manages a listing', () => {
  it("when its owner asks, or an admin asks about anyone's listing or one nobody owns, then the listing is handed back", () => {
    const listing = ownedBy('owner-1');
    expect(managedBy(person('owner-1'), listing)).toBe(listing);
    expect(managedBy(staff(), listing)).toBe(listing);
    expect(managedBy(staff(), ownedBy(null)).ownerUserId).toBeNull();
  });

  it("when another signed-in user asks about someone's listing, then it is a 404 with the edit message", () => {
    const error = thrown(() => managedBy(person('intruder'), ownedBy('owner-1')));
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: EDIT_NOT_FOUND_MESSAGE });
  });

  it('when a user asks about an imported listing nobody owns yet, then it is not theirs to manage', () => {
    expect(thrown(() => managedBy(person('someone'), ownedBy(null)))).toMatchObject({ status: 404, message: EDIT_NOT_FOUND_MESSAGE });
  });

  it('when the listing does not exist, then owner, stranger and admin all get the same 404 as for a listing that is not theirs (ids cannot be probed)', () => {
    const notTheirs = thrown(() => managedBy(person('intruder'), ownedBy('owner-1')));
    for (const who of [person('owner-1'), person('intruder'), staff()]) {
      for (const missing of [null, undefined]) {
        const error = thrown(() => managedBy(who, missing));
        expect({ status: error.status, code: error.code, message: error.message }).toEqual({ status: notTheirs.status, code: notTheirs.code, message: notTheirs.message });
      }
    }
  });
});
