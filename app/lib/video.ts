/** The player address for a YouTube or Vimeo link, or null for anything else. */
export function videoEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^www\./, "").replace(/^m\./, "");
  const id = (value: string | null | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : null);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const video =
      id(url.searchParams.get("v"), /^[\w-]{6,20}$/) ??
      id(/^\/(?:embed|shorts|live)\/([\w-]{6,20})/.exec(url.pathname)?.[1], /^[\w-]{6,20}$/);
    return video ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === "youtu.be") {
    const video = id(url.pathname.slice(1), /^[\w-]{6,20}$/);
    return video ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const video = /(?:^|\/)(\d{5,12})(?:$|\/)/.exec(url.pathname)?.[1];
    return video ? `https://player.vimeo.com/video/${video}` : null;
  }
  return null;
}

/** The name a player is announced by (an embedded frame needs one): "YouTube video" or "Vimeo video". */
export function videoTitle(src: string): string {
  return /^https:\/\/player\.vimeo\.com\//.test(src.trim()) ? "Vimeo video" : "YouTube video";
}
