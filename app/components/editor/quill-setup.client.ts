// Loaded only when an editor is on screen (RichTextEditor imports this module dynamically),
// so public pages never download Quill.
import "quill/dist/quill.snow.css";

import Quill from "quill";

import { uploadFile } from "~/components/forms/UploadField";
import { VIDEO_NOT_EMBEDDABLE } from "~/domain/messages/editor";
import { videoEmbedUrl, videoTitle } from "~/lib/video";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Video = { sanitize(url: string): string; create(value: string): HTMLElement };
const BaseVideo = Quill.import("formats/video") as unknown as {
  new (...args: never[]): { domNode: HTMLElement };
} & Video;
/** Only YouTube and Vimeo players. */
class TrustedVideo extends BaseVideo {
  static sanitize(url: string) {
    return videoEmbedUrl(url) ?? "about:blank";
  }

  /** Named for screen readers, in the editor as on the page. */
  static create(value: string) {
    const node = super.create(value);
    node.setAttribute("title", videoTitle(node.getAttribute("src") ?? ""));
    return node;
  }

  /** Saved as the player itself (Quill's semantic HTML would write a plain link). */
  html() {
    const src = this.domNode.getAttribute("src") ?? "";
    return `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${src.replace(/"/g, "&quot;")}" title="${videoTitle(src)}"></iframe>`;
  }
}
Quill.register({ "formats/video": TrustedVideo }, true);

type ImageFormat = { new (...args: never[]): { domNode: HTMLElement; format(name: string, value: unknown): void } } & {
  create(value: string): HTMLElement;
};
const BaseImage = Quill.import("formats/image") as unknown as ImageFormat;
/**
 * Images always carry alt: the one they came with, or alt="" (Quill drops an empty alt, and an
 * image with none is read out by its file's address).
 */
class DescribedImage extends BaseImage {
  static create(value: string) {
    const node = super.create(value);
    if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
    return node;
  }

  format(name: string, value: unknown) {
    if (name === "alt") this.domNode.setAttribute("alt", typeof value === "string" ? value : "");
    else super.format(name, value);
  }
}
Quill.register({ "formats/image": DescribedImage }, true);

const LABELS: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strike: "Strikethrough",
  blockquote: "Quote",
  "code-block": "Code block",
  link: "Link",
  image: "Insert image",
  video: "Insert video",
  clean: "Remove formatting",
};

export type EditorCallbacks = {
  onChange: (html: string) => void;
  onUploadingChange: (uploading: boolean) => void;
  onError: (message: string) => void;
  /** Images were uploaded and inserted: the editor asks for their alt text. */
  onImagesInserted?: (urls: string[]) => void;
};

/** Inserts an image already stored (from the media library) at the cursor, with its alt text. */
export function insertStoredImage(quill: Quill, url: string, alt: string) {
  const index = quill.getSelection(true).index;
  quill.insertEmbed(index, "image", url, "user");
  if (alt) quill.formatText(index, 1, "alt", alt, "user");
  quill.setSelection(index + 1, 0, "silent");
}

/** Gives every image of `url` in the text the alt text `alt` (undoable like any edit). */
export function describeImage(quill: Quill, url: string, alt: string) {
  let index = 0;
  for (const op of quill.getContents().ops) {
    const image = typeof op.insert === "object" ? (op.insert as { image?: string }).image : undefined;
    if (image === url) quill.formatText(index, 1, "alt", alt, "user");
    index += typeof op.insert === "string" ? op.insert.length : 1;
  }
}

export function createEditor(container: HTMLElement, initialHtml: string, labelId: string, callbacks: EditorCallbacks) {
  async function insertImages(index: number, files: File[]) {
    callbacks.onUploadingChange(true);
    const inserted: string[] = [];
    try {
      for (const file of files) {
        const url = await uploadFile(file, "image", () => {});
        quill.insertEmbed(index, "image", url, "user");
        inserted.push(url);
        index += 1;
      }
      quill.setSelection(index, 0, "silent");
    } catch (error) {
      callbacks.onError(`trouble uploading image: ${(error as Error).message}`);
    } finally {
      callbacks.onUploadingChange(false);
      if (inserted.length) callbacks.onImagesInserted?.(inserted);
    }
  }

  const quill = new Quill(container, {
    theme: "snow",
    modules: {
      toolbar: {
        container: [
          [{ header: [1, 2, 3, 4, 5, 6, false] }],
          ["bold", "italic", "underline", "strike"],
          // An empty list is Quill's palette of 35 colours.
          [{ color: [] }, { background: [] }],
          [{ list: "ordered" }, { list: "bullet" }],
          ["blockquote", "code-block"],
          ["link", "image", "video"],
          ["clean"],
        ],
        handlers: {
          /** Selected text that looks like an e-mail address becomes a mailto: link. */
          link(this: { quill: Quill }, value: boolean) {
            const range = this.quill.getSelection();
            if (!value || !range) return this.quill.format("link", false, "user");
            const text = this.quill.getText(range.index, range.length).trim();
            if (EMAIL.test(text)) return this.quill.format("link", `mailto:${text}`, "user");
            (this.quill.theme as unknown as { tooltip: { edit(mode: string, preview?: string): void } }).tooltip.edit(
              "link",
              "https://",
            );
          },
          /** Picked images are uploaded and inserted by address, never inlined. */
          image(this: { quill: Quill }) {
            const input = document.createElement("input");
            input.type = "file";
            input.accept = "image/png,image/jpeg";
            input.onchange = () => {
              const files = [...(input.files ?? [])];
              if (files.length) void insertImages(this.quill.getSelection(true).index, files);
            };
            input.click();
          },
        },
      },
      history: { delay: 1000, maxStack: 100, userOnly: true },
      uploader: {
        mimetypes: ["image/png", "image/jpeg"],
        handler(range: { index: number }, files: File[]) {
          void insertImages(range.index, files);
        },
      },
      keyboard: {
        // Tab and Shift+Tab move focus out of the editor, so it never traps keyboard users.
        bindings: { tab: { key: "Tab", handler: () => true }, "outdent backspace": null },
      },
    },
    placeholder: "Write here…",
  });

  // Pasted image files go through the same upload (Quill's clipboard would inline them).
  quill.root.addEventListener(
    "paste",
    (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter(
        (f) => f.type === "image/png" || f.type === "image/jpeg",
      );
      if (files.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      void insertImages(quill.getSelection(true).index, files);
    },
    true,
  );

  // Labels for screen readers.
  quill.root.setAttribute("role", "textbox");
  quill.root.setAttribute("aria-multiline", "true");
  quill.root.setAttribute("aria-labelledby", labelId);
  const toolbar = container.previousElementSibling;
  toolbar?.setAttribute("role", "toolbar");
  toolbar?.setAttribute("aria-label", "Formatting");
  toolbar?.querySelectorAll("button").forEach((button) => {
    const format = [...button.classList].find((c) => c.startsWith("ql-"))?.slice(3) ?? "";
    const label = format === "list" ? (button.value === "ordered" ? "Numbered list" : "Bulleted list") : LABELS[format];
    if (label) button.setAttribute("aria-label", label);
  });
  const pickerLabels: Record<string, string> = {
    "ql-header": "Heading",
    "ql-color": "Text colour",
    "ql-background": "Highlight colour",
  };
  toolbar?.querySelectorAll<HTMLElement>(".ql-picker").forEach((picker) => {
    const name = [...picker.classList].find((c) => pickerLabels[c]);
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", name ? pickerLabels[name] : "Options");
  });

  // A video address that is not a YouTube or Vimeo video becomes a blank player (TrustedVideo):
  // take it out again and say why, rather than leave an empty frame in the text.
  quill.on("text-change", (_delta, _old, source) => {
    if (source !== "user") return;
    let index = 0;
    let refused = false;
    for (const op of quill.getContents().ops) {
      const embed = typeof op.insert === "object" ? (op.insert as { video?: string }) : null;
      if (embed?.video === "about:blank") {
        quill.deleteText(index, 1, "silent");
        refused = true;
      } else {
        index += typeof op.insert === "string" ? op.insert.length : 1;
      }
    }
    // The listener that keeps the form's field in step comes after this one, so it sees the text without it.
    if (refused) callbacks.onError(VIDEO_NOT_EMBEDDABLE);
  });

  if (initialHtml) quill.clipboard.dangerouslyPasteHTML(initialHtml, "silent");
  quill.history.clear();
  const emit = () =>
    callbacks.onChange(
      quill.getText().trim() === "" && !quill.root.querySelector("img,iframe") ? "" : quill.getSemanticHTML(),
    );
  quill.on("text-change", emit);
  emit();
  return quill;
}
