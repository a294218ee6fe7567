/** What a person is told about posts: the forms, the services and the API share these. */

// SPEC.md §5 (Validation rules): "Post title is required."
export const POST_TITLE_REQUIRED = "Post title is required";
export const CHOOSE_CATEGORY = "Choose a category from the list";
export const POST_GONE = "That post no longer exists.";
export const POST_DELETED = "Post deleted successfully!";

/** The post editor's excerpt field (issue 22): what search engines and link previews show. */
export const EXCERPT_LABEL = "Excerpt";
export const EXCERPT_HINT =
  "Optional. A sentence or two shown by search engines and when the post is shared; left empty, the start of the text is used.";
export const EXCERPT_TOO_LONG = "The excerpt is too long (300 characters at most)";
export const excerptCount = (used: number, max: number) => `${used} of ${max} characters`;
