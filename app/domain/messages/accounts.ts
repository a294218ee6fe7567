/** What a person is told about accounts. */

// SPEC.md §5 and §8: sign-up or sign-in field empty.
export const FILL_ALL_FIELDS = "please fill all fields";

export const USER_GONE = "That user no longer exists.";
export const ACCOUNT_GONE = "That account no longer exists.";
export const LAST_ADMIN_NOT_DELETED = "The last admin cannot be deleted.";
export const LAST_ADMIN_NOT_DEMOTED = "The last admin cannot be demoted.";
