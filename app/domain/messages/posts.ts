/** What a person is told about posts: the forms, the services and the API share these. */

// SPEC.md §5 (Validation rules): "Post title is required."
export const POST_TITLE_REQUIRED = "Post title is required";
export const CHOOSE_CATEGORY = "Choose a category from the list";
export const POST_GONE = "That post no longer exists.";
export const POST_DELETED = "Post deleted successfully!";
