import type { PlatformFacts } from "./report";

/**
 * The platform as the COUNTER reports name it: the site's name, the journal from its settings, and
 * the namespace of the platform's own identifiers (customer ids, articles' ids), made from the
 * site's host because COUNTER's "{namespace}:{value}" allows 2 to 18 letters, digits and . _ /.
 */
export function platformNamespace(publicUrl: string): string {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname.replace(/^www\./, "") : "";
  // A host too long for it is named by its first label ("journal" of journal.centre.example.org).
  const name = host.length > 18 ? host.split(".")[0] : host;
  const cleaned = name.replace(/[^a-zA-Z0-9_./]/g, "").slice(0, 18);
  const namespace = /^[a-zA-Z]/.test(cleaned) ? cleaned : `p${cleaned}`.slice(0, 18);
  return namespace.length >= 2 ? namespace : "platform";
}

export function platformFacts(input: {
  publicUrl: string;
  siteName: string;
  journal: { title: string; issnPrint: string; issnOnline: string; publisher: string };
}): PlatformFacts {
  const origin = input.publicUrl.replace(/\/+$/, "");
  const platform = input.siteName.trim().length >= 2 ? input.siteName.trim() : new URL(origin).hostname;
  return {
    platform,
    namespace: platformNamespace(origin),
    publisher: input.journal.publisher.trim() || platform,
    createdBy: platform,
    journal: {
      title: input.journal.title,
      issnPrint: input.journal.issnPrint,
      issnOnline: input.journal.issnOnline,
      url: `${origin}/journals`,
    },
  };
}
