import type { PostInput } from "~/services/posts.server";

/** A post as the posts service takes it: a published, empty "fees" post but for what `more` says. */
export const postInput = (title: string, more: Partial<PostInput> = {}): PostInput => ({
  title,
  category: "fees",
  image: "",
  content: "",
  ...more,
});
