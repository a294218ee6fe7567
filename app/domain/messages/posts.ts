/** What a person is told about posts: the forms, the services and the API share these. */

// SPEC.md §5 (Validation rules): "Post title is required."
export const POST_TITLE_REQUIRED = "Post title is required";
export const CHOOSE_CATEGORY = "Choose a category from the list";
export const POST_GONE = "That post no longer exists.";
export const POST_DELETED = "Post deleted successfully!"; // SPEC.md

/** The post editor's excerpt field (issue 22): what search engines and link previews show. */
export const EXCERPT_LABEL = "Excerpt";
export const EXCERPT_HINT =
  "Optional. A sentence or two shown by search engines and when the post is shared; left empty, the start of the text is used.";
export const EXCERPT_TOO_LONG = "The excerpt is too long (300 characters at most)";
export const excerptCount = (used: number, max: number) => `${used} of ${max} characters`;

/** The categories editors keep (issue 33) and the tags on posts. */
export const CATEGORY_NAME_REQUIRED = "Give the category a name";
export const CATEGORY_NAME_TAKEN = "There is already a category with that name";
export const CATEGORY_GONE = "That category no longer exists.";
export const CATEGORY_SAVED = "Category saved";
export const CATEGORY_DELETED = "Category deleted";
export const DEFAULT_CATEGORY_KEPT =
  "This is the category of posts that have none chosen; it can be renamed but not deleted.";
export const categoryInUse = (name: string, count: number) =>
  `${count === 1 ? "1 post is" : `${count} posts are`} in ${name}. Choose the category they move to, then delete.`;
export const MOVE_TO_SAME = "Choose another category for its posts";
export const TAGS_HINT = "Separate tags with commas, for example: admissions, open day";
export const TOO_MANY_TAGS = "A post may have 20 tags at most";
export const TAG_TOO_LONG = "A tag is 50 characters at most";
