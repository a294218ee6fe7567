/** What the rich-text editor tells the person writing. */

/** A video address the site cannot play in the page (not a YouTube or Vimeo video): nothing is inserted. */
export const VIDEO_NOT_EMBEDDABLE =
  "That video address cannot be shown in the page: only YouTube and Vimeo video links can be embedded. Nothing was inserted; you can add it as a link instead.";
