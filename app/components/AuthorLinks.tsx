/** A name in a byline and the author page it links to ("": no page, the name alone). */
export type LinkedAuthor = { name: string; path: string };

/**
 * "Ngozi Okafor, Samuel Mensah and Aisha Bello", each name a link to its author page. Plain links:
 * bylines sit on reading pages whose script budget is tight.
 */
export function AuthorLinks({ authors, className = "" }: { authors: LinkedAuthor[]; className?: string }) {
  return (
    <>
      {authors.map((author, i) => (
        <span key={i}>
          {i > 0 && (i === authors.length - 1 ? " and " : ", ")}
          {author.path ? (
            <a href={author.path} className={`underline-offset-2 hover:underline ${className}`}>
              {author.name}
            </a>
          ) : (
            author.name
          )}
        </span>
      ))}
    </>
  );
}
