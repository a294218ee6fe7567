import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/Button";
import { DialogPanel } from "~/components/ui/DialogPanel";
import { PICKER_WORDS } from "~/domain/messages/media";

/** One image of the media library as the picker shows it. */
export type LibraryImage = {
  id: string;
  url: string;
  originalName: string;
  alt: string;
  width: number | null;
  height: number | null;
};

type LibraryPage = { items: LibraryImage[]; hasMore: boolean; page: number };

/** The media library's images: the Media tab's own list (`?kind=image`), read through its loader. */
const pageHref = (page: number) => `/dashboard?tab=media&kind=image&page=${page}`;

/**
 * A dialog listing the images already uploaded, newest first, to use one again instead of
 * uploading it twice. Mounted while open; only with JavaScript (without it the control links to the
 * Media tab).
 */
export function MediaPicker({
  onOpenChange,
  onPick,
}: {
  onOpenChange: (open: boolean) => void;
  onPick: (image: LibraryImage) => void;
}) {
  const fetcher = useFetcher<{ view?: LibraryPage }>();
  const [images, setImages] = useState<LibraryPage | null>(null);
  const [seen, setSeen] = useState<unknown>(undefined);

  // The first page when the dialog opens (it is mounted on each opening, so the library is current).
  const { load } = fetcher;
  useEffect(() => {
    void load(pageHref(1));
    // Once: `load` is not promised to keep its identity between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A loaded page is appended once (adjusted during render, as useShowMore does).
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const next = fetcher.data?.view;
    if (next && Array.isArray(next.items)) {
      setImages((current) => {
        if (!current || next.page !== current.page + 1) return next;
        const fresh = next.items.filter((item) => !current.items.some((shown) => shown.id === item.id));
        return { ...next, items: [...current.items, ...fresh] };
      });
    }
  }

  const loading = fetcher.state !== "idle";
  const failed = !loading && fetcher.data !== undefined && !fetcher.data?.view;
  return (
    <DialogPanel open onOpenChange={onOpenChange} className="max-h-[85vh] max-w-3xl overflow-y-auto">
      <Dialog.Title className="font-serif text-2xl font-bold text-navy-900 dark:text-white">
        {PICKER_WORDS.title}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {PICKER_WORDS.description}
      </Dialog.Description>
      {failed && <p className="mt-4 text-sm text-red-700 dark:text-red-300">{PICKER_WORDS.failed}</p>}
      {images && images.items.length === 0 && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{PICKER_WORDS.empty}</p>
      )}
      {images && images.items.length > 0 && (
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {images.items.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(image);
                  onOpenChange(false);
                }}
                className="group block w-full rounded-md border border-slate-200 p-1.5 text-left hover:border-navy-600 focus:ring-2 focus:ring-navy-600 focus:outline-none dark:border-slate-700"
              >
                <img src={image.url} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
                <span className="mt-1 block truncate text-xs font-medium">
                  <span className="sr-only">Choose </span>
                  {image.originalName || image.url.split("/").pop()}
                </span>
                {image.width && image.height ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {image.width} × {image.height} px
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" className="mt-5 flex flex-wrap items-center justify-between gap-3">
        {loading ? (
          <span className="text-sm text-slate-600 dark:text-slate-300">{PICKER_WORDS.loading}</span>
        ) : images?.hasMore ? (
          <Button variant="secondary" size="sm" onClick={() => void load(pageHref(images.page + 1))}>
            {PICKER_WORDS.more}
          </Button>
        ) : (
          <span />
        )}
        <Dialog.Close className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
          {PICKER_WORDS.cancel}
        </Dialog.Close>
      </div>
    </DialogPanel>
  );
}
