-- Decision 050 sums the issues from their own tables; nothing reads this index any more, and every write to articles kept it up.
DROP INDEX "articles_id_issue_idx";
