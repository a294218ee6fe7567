import { z } from "zod";

import { POST_DELETED } from "~/domain/messages/posts";
import { mayWorkOn } from "~/domain/roles";
import { normalisePage } from "~/services/pagination";
import type { Post } from "~/services/posts.server";

import { type Operation, operationsTagged } from "../operation.server";
import { postJson } from "../records.server";
import * as s from "../schemas";
import {
  type Authored,
  deletes,
  moved,
  movedPermanently,
  ok,
  pageQuery,
  publishes,
  savesEdited,
} from "./shared.server";

/** The blog's posts (SPEC.md section 7). */

const operation = operationsTagged("Posts");

/** A post in the API's bodies and answers. */
const posts: Authored<typeof s.postBody, typeof s.updatePostBody, z.output<typeof s.postBody>, Post> = {
  noun: "Post",
  key: "post",
  json: postJson,
  body: s.postBody,
  updateBody: s.updatePostBody,
  fields: (body) => body,
  saved: s.savedPostResponse,
};

export const postOperations: Operation[] = [
  operation("getPosts", "GET /api/post/getposts", "public", {
    summary: "Posts, newest first (9 a page), or one post by postId or slug",
    readsViewer: true,
    query: z.object({
      ...pageQuery,
      userId: z.string().max(100).optional().meta({ description: "Only this author's posts" }),
      category: z.string().max(100).optional().meta({ description: "Only this category" }),
      postId: z.string().max(100).optional().meta({ description: "Just this post (posts[0])" }),
      slug: z.string().max(300).optional().meta({ description: "Just this post (posts[0])" }),
    }),
    responses: { 200: { description: "A page of posts and the total", schema: s.postsList }, 301: moved },
    async handle({ services, query, request, user }) {
      if (query.postId || query.slug) {
        // Those who work on the news also find drafts and scheduled posts when they ask for one.
        const audience = user && mayWorkOn(user.roles, "news") ? "admin" : "public";
        const post = query.postId
          ? await services.posts.byId(query.postId, audience)
          : await services.posts.bySlug(query.slug!, audience);
        const movedTo = !post && query.slug ? await services.posts.movedSlug(query.slug, audience) : undefined;
        if (movedTo) return movedPermanently(request, movedTo);
        return ok({
          posts: post ? [postJson(post)] : [],
          total: post ? 1 : 0,
          totalPosts: post ? 1 : 0,
          hasMore: false,
        });
      }
      const filter = { category: query.category || undefined, userId: query.userId || undefined };
      const [page, total] = await Promise.all([
        services.posts.list({ ...filter, ...normalisePage(query, 9) }),
        services.posts.count(filter),
      ]);
      return ok({ posts: page.items.map(postJson), total, totalPosts: total, hasMore: page.hasMore });
    },
  }),
  operation("createPost", "POST /api/post/create", "news", {
    summary: "Publish a post",
    ...publishes(posts, (services, post) => services.posts.create(post)),
  }),
  operation("updatePost", "PUT /api/post/updatepost/{postId}/{userId}", "news", {
    summary: "Save an edited post (the whole post)",
    description: "`userId` is the earlier client's author id; the session decides who may edit.",
    ...savesEdited(posts, "postId", (services, id, post, options) => services.posts.update(id, post, options)),
  }),
  operation("deletePost", "DELETE /api/post/deletepost/{postId}/{userId}", "news", {
    summary: "Delete a post",
    ...deletes("postId", POST_DELETED, (services, id) => services.posts.remove(id)),
  }),
];
