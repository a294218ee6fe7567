import { and, eq, inArray, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { articles, journalIssues, posts, users } from "~/db/schema";
import type { ArticleAuthor } from "~/domain/vocabulary";
import { isOrcidKey, nameKey } from "~/lib/author-paths";
import { type Effects, effectTable } from "~/services/content-changes.server";
import { visibleTo } from "~/services/editorial.server";
import { newestFirst } from "~/services/newest-first.server";

/**
 * The people behind the bylines (issue 33): who wrote a news post (an account), and who wrote a
 * journal article (the article's authors, most of whom have no account). A journal author is the
 * same person across articles by ORCID iD where one is given, else by name; an account is matched
 * to journal authors by its name (a username like "ngozi.okafor" reads as Ngozi Okafor).
 */

/** What a page may show of an account: never its address or roles. */
export type AuthorAccount = { id: string; username: string; name: string };

/** Which journal authors a page gathers: one ORCID iD, and names for those the articles give no iD. */
export type AuthorMatch = { orcid: string; names: string[] };

/** How many of an author's newest posts their page lists. */
export const AUTHOR_POSTS_SHOWN = 50;

const displayName = sql<string>`coalesce(nullif(${users.displayUsername}, ''), ${users.username})`;
/** The database's version of nameKey for the ASCII names usernames are made of. */
const usernameKey = sql<string>`trim(both '-' from regexp_replace(lower(${users.username}), '[^a-z0-9]+', '-', 'g'))`;
const hasPublicPost = sql`exists (select 1 from ${posts} where ${posts.userId} = ${users.id} and ${visibleTo(posts, "public")})`;

const authorKeys = (author: ArticleAuthor) => ({
  orcid: author.orcid ?? "",
  name: nameKey(`${author.given} ${author.family}`),
});

/** Whether an article's author is the person `match` describes. */
function isMatch(author: ArticleAuthor, match: AuthorMatch) {
  const keys = authorKeys(author);
  if (match.orcid && keys.orcid === match.orcid) return true;
  // By name only where the article gives no iD, or the page is a name's (no iD to tell people apart).
  return Boolean(keys.name) && match.names.includes(keys.name) && (!keys.orcid || !match.orcid);
}

export function authorsService(db: Database) {
  const accountColumns = { id: users.id, username: users.username, name: displayName };
  const toAccount = (row: { id: string; username: string | null; name: string | null }): AuthorAccount => ({
    id: row.id,
    username: row.username ?? "",
    name: row.name ?? row.username ?? "",
  });

  return {
    /** A post's author as its byline names them; undefined once the account is deleted. */
    async account(userId: string | null): Promise<AuthorAccount | undefined> {
      if (!userId) return undefined;
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
      return row && toAccount(row);
    },

    /**
     * The account an author page's key names: by its username, or by its name as a slug. Only an
     * account with a public post is an author (a reader's account never gets a page).
     */
    async accountByKey(key: string): Promise<AuthorAccount | undefined> {
      if (!key) return undefined;
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .where(
          and(
            sql`(lower(${users.username}) = ${key.toLowerCase()} or ${usernameKey} = ${key.toLowerCase()})`,
            hasPublicPost,
          ),
        )
        .orderBy(sql`lower(${users.username}) = ${key.toLowerCase()} desc`, users.createdAt)
        .limit(1);
      return row && toAccount(row);
    },

    /** An account's public posts, newest first. */
    async postsBy(userId: string) {
      return db
        .select()
        .from(posts)
        .where(and(visibleTo(posts, "public"), eq(posts.userId, userId)))
        .orderBy(...newestFirst(posts))
        .limit(AUTHOR_POSTS_SHOWN);
    },

    /** The name an ORCID iD goes by in the newest public article that gives it. */
    async nameOfOrcid(orcid: string): Promise<ArticleAuthor | undefined> {
      if (!isOrcidKey(orcid)) return undefined;
      const rows = await db
        .select({ authors: articles.authors })
        .from(articles)
        .where(and(visibleTo(articles, "public"), sql`${articles.authors} @> ${JSON.stringify([{ orcid }])}::jsonb`))
        .orderBy(...newestFirst(articles))
        .limit(1);
      return rows[0]?.authors.find((a) => a.orcid === orcid);
    },

    /** The public articles the person wrote, newest first, with their issue. */
    async articlesBy(match: AuthorMatch) {
      // Authors are a list inside each row: read the narrow columns, pick in code, then fetch the few.
      const candidates = await db
        .select({ id: articles.id, authors: articles.authors })
        .from(articles)
        .where(visibleTo(articles, "public"));
      const ids = candidates.filter((row) => row.authors.some((a) => isMatch(a, match))).map((row) => row.id);
      if (ids.length === 0) return [];
      return db
        .select({
          slug: articles.slug,
          title: articles.title,
          authors: articles.authors,
          createdAt: articles.createdAt,
          publishedOn: articles.publishedOn,
          issue: { volume: journalIssues.volume, number: journalIssues.number, year: journalIssues.year },
        })
        .from(articles)
        .leftJoin(journalIssues, eq(journalIssues.id, articles.issueId))
        .where(inArray(articles.id, ids))
        .orderBy(...newestFirst(articles));
    },
  };
}

export type AuthorsService = ReturnType<typeof authorsService>;

/** Only reads. */
export const authorsEffects = effectTable({
  read: ["account", "accountByKey", "postsBy", "nameOfOrcid", "articlesBy"],
  write: [],
}) satisfies Effects<AuthorsService>;
